# Words several views share: the games, seats and colours, options, results, clocks and dates.
