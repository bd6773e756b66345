# warri endgame build and probe (WA-8), one test per case of the script.
warri_case_tests(cli_warri_endgame warri_endgame_cli.py)
