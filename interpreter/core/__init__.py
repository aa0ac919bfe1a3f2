"""The core: the state, one game in progress (steps, questions, journal, saves, views) and what it is made of.

It knows the shape of a game but no verb, no loader and no front end."""
