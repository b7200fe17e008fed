"""Accounts as a club runs them: the owner's one-time sign-in links, invitations with a
role (a link and a QR code to scan at the table), sign-up that is closed unless a
setting opens it, and sign-in throttled per account and per client address.

Tokens are stored hashed (SHA-256) and used once, atomically."""
