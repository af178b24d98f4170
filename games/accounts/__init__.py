"""Accounts' e-mail addresses: confirmation links, changing the address, password reset mails (docs/playing.md
"Who you are"). Other parts ask `games.accounts.selectors.email_confirmed(user)` or `notification_address(user)`
before mailing anyone."""
