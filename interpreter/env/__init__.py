"""Standard reinforcement-learning environments over the engine (needs the `rl` extra:
`pip install -e '.[rl]'`): a PettingZoo AEC environment with one agent per seat (aec.py) and a
Gymnasium environment for one seat against bots (single.py). The encodings they share (the
fixed action space and the observation layout) are in actions.py and observations.py, which
need only numpy."""
