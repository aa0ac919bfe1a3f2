"""Standard reinforcement-learning environments over the engine (needs the `rl` extra:
`pip install -e '.[rl]'`): PettingZoo's entry points env(), raw_env() and parallel_env()
(rococo_v1.py), the AEC environment with one agent per seat (aec.py) and a Gymnasium
environment for one seat against bots, alone or as a vector of games (single.py). What they
share needs only numpy: the catalogue of components that fixes both shapes (catalogue.py), the
action space (action_space.py), the observation encoder (observations.py, its table in the docs made
by layout_doc.py; its work per id, and the action tables, in encoding.py, compiled with the core)
and the rgb_array picture (rgb_frames.py). docs/environments.md says it all."""
