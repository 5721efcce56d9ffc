/* Debian's libwebrtc-audio-processing-dev: its headers are C++, included by CWebRTCAudio; this
   module only brings the library's compiler and linker flags (pkg-config). */
