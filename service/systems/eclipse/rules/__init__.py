"""The rules of Eclipse Phase, one module per thing the text names: no wire models, no sessions."""
