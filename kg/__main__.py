"""``python -m kg``: the same command line as ``kg``, for environments without the script on PATH."""
from kg.cli import main

main(prog_name="kg")
