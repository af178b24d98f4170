"""Stand-alone clients of the games' JSON-RPC sockets: they know only what the socket says (no database)."""
