import VoiceLogCLI

VoiceLogCommand.main()
