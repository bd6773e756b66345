# CLI tests of warri's decision flags: one CTest test per case of warri_options_cli.py, named
# cli_warri_options_<case>. The cases and their hand-worked expected outputs live in the script.
warri_case_tests(cli_warri_options warri_options_cli.py)
