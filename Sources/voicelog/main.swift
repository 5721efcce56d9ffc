import VoiceLogCLI

VoiceLogCommand.start()
