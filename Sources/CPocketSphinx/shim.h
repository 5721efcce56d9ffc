#ifndef VOICELOG_CPOCKETSPHINX_SHIM_H
#define VOICELOG_CPOCKETSPHINX_SHIM_H

#include <pocketsphinx.h>
#include <sphinxbase/cmn.h>
#include <sphinxbase/err.h>
#include <sphinxbase/feat.h>
#include <sphinxbase/fsg_model.h>
#include <sphinxbase/jsgf.h>
#include <stdarg.h>
#include <stdio.h>

/* Helpers for what Swift cannot call or read directly: sphinxbase's variadic log callback
   and the function-like macros of fsg_model.h. Every name starts with cpocketsphinx_. */

/* Receives one formatted log message; level is an err_lvl_t. */
typedef void (*cpocketsphinx_log_sink)(int level, const char *message);

/* Formats a sphinxbase log call and hands the text to the sink passed as user_data. */
static inline void cpocketsphinx_log_forward(void *user_data, err_lvl_t level,
                                             const char *format, ...) {
    char message[2048];
    va_list arguments;
    va_start(arguments, format);
    vsnprintf(message, sizeof message, format, arguments);
    va_end(arguments);
    ((cpocketsphinx_log_sink)user_data)((int)level, message);
}

/* Sends every sphinxbase/pocketsphinx log message of this process to sink. The
   configuration dump that cmd_ln writes straight to the log file is dropped. */
static inline void cpocketsphinx_set_log_sink(cpocketsphinx_log_sink sink) {
    err_set_logfp(NULL);
    err_set_callback(cpocketsphinx_log_forward, (void *)sink);
}

static inline int32 cpocketsphinx_fsg_state_count(fsg_model_t *fsg) { return fsg->n_state; }
static inline int32 cpocketsphinx_fsg_start_state(fsg_model_t *fsg) { return fsg->start_state; }
static inline int32 cpocketsphinx_fsg_final_state(fsg_model_t *fsg) { return fsg->final_state; }

/* The decoder's running cepstral mean, which each utterance it ends updates: its length (0
   when it keeps none), and a copy of it taken or put back (`mean` holds that many values). */
static inline int cpocketsphinx_cmn_length(ps_decoder_t *ps) {
    feat_t *feat = ps_get_feat(ps);
    return feat && feat->cmn_struct ? feat->cmn_struct->veclen : 0;
}

static inline void cpocketsphinx_cmn_get(ps_decoder_t *ps, mfcc_t *mean) {
    cmn_live_get(ps_get_feat(ps)->cmn_struct, mean);
}

static inline void cpocketsphinx_cmn_set(ps_decoder_t *ps, const mfcc_t *mean) {
    cmn_live_set(ps_get_feat(ps)->cmn_struct, mean);
}

#endif
