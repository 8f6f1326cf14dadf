from hanatui.cli import run

run()
