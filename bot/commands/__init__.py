"""Turn text into an Invocation, and the verb registry behind /help."""
