"""Personal API tokens: a program plays as a registered user or a guest with `Authorization: Bearer mkt_...`.

A token is `mkt_<id>_<secret>`; only the id (shown as the token's prefix) and a SHA-256 hash of the secret are
stored, so the raw token is shown once, when it is made (docs/api.md, "Programs")."""
