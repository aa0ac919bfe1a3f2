"""`rococo serve`: the game in a browser (watch bots, replay a save, play seats against bots).

A front end beside `interpreter.ui`: it reads the engine only through `Game` and `view()`, so
a seat's page is built from what that seat may see. Starlette and uvicorn come from the `[web]`
extra; bots are handed in by the command line (`interpreter.sim` is a sibling layer).
"""
