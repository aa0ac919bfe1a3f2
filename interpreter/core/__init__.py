"""The core: the state and one game in progress (steps, questions, journal, saves, views).

It knows the shape of a game but no verb, no loader and no front end."""
