// Debian's libedit (libedit-dev), through its GNU readline compatible interface:
// readline() for a line with editing keys, add_history() for the up arrow.
#ifndef VOICELOG_CEDITLINE_SHIM_H
#define VOICELOG_CEDITLINE_SHIM_H

#include <stdio.h>
#include <stdlib.h>
#include <editline/readline.h>

#endif
