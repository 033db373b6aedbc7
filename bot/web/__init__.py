"""The web pages: a table's live board, a player's page, replays and leaderboards, served by
aiohttp in the bot's own process (bot/web/server.py); the rest imports no web server."""
