#include "CWebRTCAudio.h"

#include <cstring>
#include <webrtc/modules/audio_processing/include/audio_processing.h>
#include <webrtc/modules/interface/module_common_types.h>

struct vl_noise_suppressor {
    webrtc::AudioProcessing *processing;
};

extern "C" vl_noise_suppressor *vl_noise_suppressor_create(int level) {
    webrtc::Config config;
    // the experimental suppressor and gain control stay off: only the classic suppressor runs
    config.Set<webrtc::ExperimentalNs>(new webrtc::ExperimentalNs(false));
    config.Set<webrtc::ExperimentalAgc>(new webrtc::ExperimentalAgc(false));
    webrtc::AudioProcessing *processing = webrtc::AudioProcessing::Create(config);
    if (processing == nullptr) return nullptr;
    static const webrtc::NoiseSuppression::Level levels[] = {
        webrtc::NoiseSuppression::kLow, webrtc::NoiseSuppression::kModerate,
        webrtc::NoiseSuppression::kHigh, webrtc::NoiseSuppression::kVeryHigh};
    int index = level < 0 ? 0 : (level > 3 ? 3 : level);
    if (processing->noise_suppression()->set_level(levels[index]) != 0
        || processing->noise_suppression()->Enable(true) != 0) {
        delete processing;
        return nullptr;
    }
    return new vl_noise_suppressor{processing};
}

extern "C" int vl_noise_suppressor_process(vl_noise_suppressor *suppressor, int16_t *frame) {
    webrtc::AudioFrame audio;
    audio.sample_rate_hz_ = 16000;
    audio.num_channels_ = 1;
    audio.samples_per_channel_ = VL_NOISE_FRAME;
    audio.interleaved_ = true;
    std::memcpy(audio.data_, frame, sizeof(int16_t) * VL_NOISE_FRAME);
    int error = suppressor->processing->ProcessStream(&audio);
    if (error != webrtc::AudioProcessing::kNoError) return error;
    std::memcpy(frame, audio.data_, sizeof(int16_t) * VL_NOISE_FRAME);
    return 0;
}

extern "C" void vl_noise_suppressor_destroy(vl_noise_suppressor *suppressor) {
    if (suppressor == nullptr) return;
    delete suppressor->processing;
    delete suppressor;
}
