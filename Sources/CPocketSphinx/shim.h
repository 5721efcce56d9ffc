#ifndef VOICELOG_CPOCKETSPHINX_SHIM_H
#define VOICELOG_CPOCKETSPHINX_SHIM_H

#include <pocketsphinx.h>

#endif
