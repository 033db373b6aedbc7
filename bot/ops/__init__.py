"""What an operator sees of a running bot: start-up problems in one line, logs, metrics, health."""
