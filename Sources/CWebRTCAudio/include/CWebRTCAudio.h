#ifndef VOICELOG_CWEBRTCAUDIO_H
#define VOICELOG_CWEBRTCAUDIO_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Debian's WebRTC audio processing (0.3), its noise suppressor alone, behind a C interface
   Swift can call. Audio is 16 kHz mono 16-bit, in frames of VL_NOISE_FRAME samples (10 ms). */

enum { VL_NOISE_FRAME = 160 };

typedef struct vl_noise_suppressor vl_noise_suppressor;

/* A suppressor at `level`: 0 low, 1 moderate, 2 high, 3 very high. NULL if it cannot be made. */
vl_noise_suppressor *vl_noise_suppressor_create(int level);

/* Processes one frame of VL_NOISE_FRAME samples in place; 0 on success, else WebRTC's error. */
int vl_noise_suppressor_process(vl_noise_suppressor *suppressor, int16_t *frame);

void vl_noise_suppressor_destroy(vl_noise_suppressor *suppressor);

#ifdef __cplusplus
}
#endif

#endif
