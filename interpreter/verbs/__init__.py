"""The game's verbs (gain, pay, tailor, hire, depute, fund, place, majority...).

The vocabulary (loading/) binds them to names an effect may call; no card is named here."""
