import Kinescope

extension CommandLineFailure {
    /// The exit code and one-line message for an error from the library.
    init(_ error: any Error) {
        switch error {
        case let error as ImageCodecError:
            let code: ExitCode = switch error {
            case .fileNotFound: .noInput
            case .cannotCreate: .cannotCreate
            case .writeFailed: .ioError
            case .unreadable: .noInput
            default: .dataError
            }
            self.init(code: code, message: error.description)
        case let error as HostError:
            switch error {
            case .displayUnavailable:
                self.init(code: .unavailable, message: "\(error.description) (to render without a display, use 'kinescope record')")
            case .invalidWindowSize:
                self.init(code: .usage, message: error.description)
            default:
                self.init(code: .unavailable, message: error.description)
            }
        case let error as InputScriptError:
            self.init(code: error.kind == .unreadable ? .noInput : .dataError, message: error.description)
        case let error as TransitionError:
            self.init(code: .usage, message: error.description)
        case let error as RasterError:
            self.init(code: .usage, message: error.description)
        case let error as CommandLineFailure:
            self = error
        default:
            self.init(code: .ioError, message: "\(error)")
        }
    }
}
