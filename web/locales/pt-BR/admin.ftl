# The admin page.
