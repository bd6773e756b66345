# CLI tests of the warri program: one CTest test per case of warri_cli.py, named
# cli_warri_<case>. The cases and their hand-worked expected outputs live in the script.
warri_case_tests(cli_warri warri_cli.py)
