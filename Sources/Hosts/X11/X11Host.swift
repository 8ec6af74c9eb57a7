import CX11
import Glibc
import Raster

/// A host that shows frames in an X11 window and reads its input.
///
/// Frames reach the server through MIT-SHM shared memory, double-buffered, when the server offers
/// it and the segment can be attached; otherwise through `XPutImage` (see `presentationPath`).
/// `KINESCOPE_NO_SHM=1` in the environment forces `XPutImage`.
///
/// The window behaves as desktops expect: `WM_CLASS` is ("kinescope", "Kinescope"); the title is
/// set as UTF-8 `_NET_WM_NAME` and as `WM_NAME`; `_NET_WM_PID` and `WM_CLIENT_MACHINE` identify
/// the process; the window manager's close button arrives as `HostEvent.closeRequested`
/// (`WM_DELETE_WINDOW`) instead of killing the connection; `_NET_WM_PING` is answered so the
/// desktop does not offer to kill a busy app; the window is resizable.
///
/// Keys are looked up through the server's XKB layout and an X input method (see
/// `inputMethodStatus`): compose sequences (dead keys, `Multi_key`) and IMs named by `XMODIFIERS`
/// type their text into `KeyEvent.text`. CLIPBOARD and PRIMARY are owned and read through
/// `SelectionHost` (X11Host+Selections.swift).
///
/// X errors never end the process (Xlib's defaults call `exit`): a window destroyed by another
/// client becomes `HostEvent.windowDestroyed`, a dead server `HostError.connectionLost`.
///
/// ```swift
/// let host = try X11Host(title: "Kinescope", size: PixelSize(width: 800, height: 600))
/// var events: [HostEvent] = []
/// while true {
///     events.removeAll(keepingCapacity: true)
///     try host.nextEvents(timeout: .milliseconds(16), into: &events)
///     if events.contains(.closeRequested) { break }
///     let frame = try host.backBuffer()
///     // draw into frame …
///     try host.present()
/// }
/// ```
public final class X11Host: Host {
    /// How frames reach the X server.
    public enum PresentationPath: Hashable, Sendable, CustomStringConvertible {
        /// `XShmPutImage` from two shared-memory segments, no copy through the socket.
        case sharedMemory
        /// `XPutImage` from ordinary memory, copied through the socket (3–4 times slower at
        /// 1920×1080; see the figures in `X11Host+Presentation.swift`).
        case putImage(FallbackReason)

        public var description: String {
            switch self {
            case .sharedMemory: "MIT-SHM"
            case let .putImage(reason): "XPutImage (\(reason))"
            }
        }
    }

    /// Why MIT-SHM is not used.
    public enum FallbackReason: Hashable, Sendable, CustomStringConvertible {
        /// `KINESCOPE_NO_SHM=1` is set in the environment.
        case disabledByEnvironment
        /// The server does not offer the MIT-SHM extension (remote displays, `Xvfb -extension MIT-SHM`).
        case extensionMissing
        /// The server refused to attach our segment (`errorCode` 10 is BadAccess: the server cannot
        /// see our IPC namespace, as in containers or `unshare --ipc`).
        case attachFailed(errorCode: UInt8)
        /// `shmget` or `shmat` failed locally with `errno`.
        case segmentUnavailable(errno: Int32)
        /// The server's image byte order differs from this machine's, which shared memory cannot
        /// convert.
        case foreignByteOrder

        public var description: String {
            switch self {
            case .disabledByEnvironment: "KINESCOPE_NO_SHM=1"
            case .extensionMissing: "the server has no MIT-SHM extension"
            case let .attachFailed(code): "the server could not attach the segment (X error \(code))"
            case let .segmentUnavailable(code): "shared memory unavailable: \(String(cString: strerror(code)))"
            case .foreignByteOrder: "the server's byte order differs from this machine's"
            }
        }
    }

    /// The display this window is on, e.g. ":0".
    public let displayName: String
    /// The X11 window id, for tools such as `xdotool` and `xprop`.
    public let windowID: UInt
    /// How frames reach the server. It can change once, from `.sharedMemory` to `.putImage`, if a
    /// later segment (after a resize) cannot be created or attached.
    public internal(set) var presentationPath: PresentationPath
    public internal(set) var size: PixelSize
    /// The window title as last set.
    public private(set) var title: String
    public let waker: HostWaker
    public var presentObserver: PresentObserver?

    let connection: X11Connection
    var display: OpaquePointer { connection.display }
    let rootWindow: UInt
    let colormap: UInt
    let graphicsContext: GC
    let visual: UnsafeMutablePointer<Visual>
    let depth: Int32
    let pixelFormat: X11PixelFormat
    /// `nil` for the native format, where frames are drawn straight into image memory.
    let converter: X11PixelConverter?
    let atoms: X11Atoms
    /// The event type of `ShmCompletion`, when the extension exists.
    let completionEventType: Int32?

    var images: [X11Image] = []
    /// Conversion mode only: the frame lent to the caller, converted into `images` on present.
    var frame: Bitmap?
    var backIndex = 0
    var frontIndex: Int?
    var previousDamage: [PixelRect] = []
    var damage: [PixelRect] = []
    var mustPushWhole = true
    var isLent = false

    var queued: [HostEvent] = []
    /// Each queued event's time on the server's clock, unwrapped, in seconds (nil for events X
    /// stamps with no time: exposures, configuration, client messages).
    var queuedTimes: [Double?] = []
    /// The last server time seen (milliseconds, wrapping at 2³²) and how often it wrapped.
    var serverClock: (last: UInt32, wraps: Int)?
    var sizeChanged = false
    var repeatKeycode: UInt32?
    var windowGone = false

    /// Where key presses are looked up; nil without an input method (see `inputMethodStatus`).
    var inputMethod: X11InputMethod?
    /// Whether keys go through an X input method (compose sequences, `XMODIFIERS` IMs). Without
    /// one, a one-line notice is printed when the host is made.
    public let inputMethodStatus: X11InputMethodStatus
    /// Receives the host's one-line diagnostics (an input method missing, a selection owner that
    /// did not answer or sent invalid UTF-8). Default: written to standard error as
    /// "kinescope: …".
    public var diagnosticHandler: (String) -> Void = X11Host.printDiagnostic

    /// The CLIPBOARD and PRIMARY text this window owns, by selection atom.
    var ownedSelections: [UInt: OwnedSelection] = [:]
    /// Large answers being sent piece by piece (ICCCM INCR).
    var outgoingTransfers: [OutgoingTransfer] = []
    /// Counts selection reads, to pick the property each one is delivered into.
    var selectionReadCount = 0
    /// Answers above this many bytes go out incrementally (INCR).
    var incrementalThreshold = 256 * 1024

    /// Opens `displayName` (default: `DISPLAY`), creates a `size` window titled `title` and maps it.
    ///
    /// Throws `HostError.displayUnavailable` when no X server answers (run headless with
    /// `kinescope record` instead), `.unsupportedVisual` on screens that are not TrueColor in 16 or
    /// 32 bits per pixel, `.invalidWindowSize` for a side outside `1...PixelSize.maxDimension`.
    public init(title: String = "Kinescope", size: PixelSize, displayName: String? = nil) throws(HostError) {
        guard size.width >= 1, size.height >= 1 else {
            throw .invalidWindowSize(width: size.width, height: size.height)
        }
        let requested = displayName ?? getenv("DISPLAY").map { String(cString: $0) }
        guard let display = XOpenDisplay(requested) else { throw .displayUnavailable(display: requested) }
        let connection = X11Connection(display: display, name: requested ?? String(cString: XDisplayString(display)))
        let screen = XDefaultScreen(display)
        let choice = try chooseVisual(display: display, screen: screen)

        self.connection = connection
        self.displayName = connection.name
        self.title = title
        self.size = size
        self.waker = try HostWaker()
        self.visual = choice.visual
        self.depth = choice.depth
        self.pixelFormat = choice.format
        self.converter = choice.format.isNative ? nil : X11PixelConverter(format: choice.format)
        self.rootWindow = XRootWindow(display, screen)
        self.atoms = X11Atoms(display: display)
        self.colormap = XCreateColormap(display, rootWindow, choice.visual, AllocNone)

        var attributes = XSetWindowAttributes()
        attributes.background_pixel = 0
        attributes.border_pixel = 0
        attributes.colormap = colormap
        attributes.bit_gravity = NorthWestGravity
        attributes.event_mask = X11Host.eventMask
        let valueMask = UInt(CWBackPixel | CWBorderPixel | CWColormap | CWBitGravity | CWEventMask)
        windowID = XCreateWindow(display, rootWindow, 0, 0, UInt32(size.width), UInt32(size.height), 0,
                                 choice.depth, UInt32(InputOutput), choice.visual, valueMask, &attributes)
        graphicsContext = XCreateGC(display, windowID, 0, nil)

        if let value = getenv("KINESCOPE_NO_SHM"), String(cString: value) == "1" {
            presentationPath = .putImage(.disabledByEnvironment)
            completionEventType = nil
        } else if XShmQueryExtension(display) == 0 {
            presentationPath = .putImage(.extensionMissing)
            completionEventType = nil
        } else {
            presentationPath = .sharedMemory
            completionEventType = XShmGetEventBase(display) + ShmCompletion
        }

        switch X11InputMethod.open(display: display, window: windowID) {
        case let .success(method):
            inputMethod = method
            inputMethodStatus = .active(modifiers: method.modifiers)
            if method.filterEvents & ~X11Host.eventMask != 0 {
                XSelectInput(display, windowID, X11Host.eventMask | method.filterEvents)
            }
        case let .failure(error):
            inputMethod = nil
            inputMethodStatus = .unavailable(reason: error.reason)
            X11Host.printDiagnostic(inputMethodStatus.description)
        }

        setWindowManagerProperties()
        setTitle(title)
        try createImages(size: size)
        XMapWindow(display, windowID)
        XFlush(display)
    }

    /// Our window's events: drawing, structure, input, focus (for the input context), and
    /// property changes (selection transfers, server timestamps).
    static let eventMask = ExposureMask | StructureNotifyMask | KeyPressMask | KeyReleaseMask
        | ButtonPressMask | ButtonReleaseMask | PointerMotionMask | FocusChangeMask | PropertyChangeMask

    static func printDiagnostic(_ message: String) {
        let line = "kinescope: \(message)\n"
        _ = line.withCString { write(2, $0, strlen($0)) }
    }

    deinit {
        images.removeAll()
        guard !connection.isLost else { return }
        inputMethod?.close()
        inputMethod = nil
        for transfer in outgoingTransfers { XSelectInput(display, transfer.requestor, NoEventMask) }
        XFreeGC(display, graphicsContext)
        if !windowGone { XDestroyWindow(display, windowID) }
        XFreeColormap(display, colormap)
        XSync(display, 0)
    }

    /// Sets the window title (UTF-8), as `_NET_WM_NAME` (`UTF8_STRING`) for current desktops and
    /// `WM_NAME` for older window managers: type `STRING` (ISO Latin-1, as ICCCM specifies) when
    /// every character is in Latin-1, otherwise `UTF8_STRING`, which they widely accept.
    public func setTitle(_ title: String) {
        self.title = title
        guard !connection.isLost, !windowGone else { return }
        let utf8 = Array(title.utf8)
        setProperty(atoms.netWMName, type: atoms.utf8String, bytes: utf8)
        if title.unicodeScalars.allSatisfy({ $0.value <= 0xFF }) {
            setProperty(UInt(XA_WM_NAME), type: UInt(XA_STRING), bytes: title.unicodeScalars.map { UInt8($0.value) })
        } else {
            setProperty(UInt(XA_WM_NAME), type: atoms.utf8String, bytes: utf8)
        }
        XFlush(display)
    }

    /// Waits until the server has processed every request sent so far (`XSync`), handling the
    /// events that arrive meanwhile (they are returned by the next `nextEvents`). After it, what
    /// was presented is on screen. For tests and benchmarks; run loops never need it.
    public func synchronize() throws(HostError) {
        try ensureAlive()
        XSync(display, 0)
        try drainEvents()
    }

    func ensureAlive() throws(HostError) {
        if connection.isLost { throw .connectionLost(display: displayName) }
    }

    private func setWindowManagerProperties() {
        "kinescope".withCString { name in
            "Kinescope".withCString { className in
                var hint = XClassHint(res_name: UnsafeMutablePointer(mutating: name),
                                      res_class: UnsafeMutablePointer(mutating: className))
                XSetClassHint(display, windowID, &hint)
            }
        }
        var pid = UInt(getpid())
        withUnsafeBytes(of: &pid) { bytes in
            _ = XChangeProperty(display, windowID, atoms.netWMPID, UInt(XA_CARDINAL), 32, PropModeReplace,
                                bytes.bindMemory(to: UInt8.self).baseAddress, 1)
        }
        var host = [CChar](repeating: 0, count: 256)
        if gethostname(&host, host.count - 1) == 0 {
            setProperty(UInt(XA_WM_CLIENT_MACHINE), type: UInt(XA_STRING), bytes: host.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) })
        }
        var protocols = [atoms.wmDeleteWindow, atoms.netWMPing]
        XSetWMProtocols(display, windowID, &protocols, Int32(protocols.count))

        if let hints = XAllocSizeHints() {
            hints.pointee.flags = PSize | PMinSize
            hints.pointee.width = Int32(size.width)
            hints.pointee.height = Int32(size.height)
            hints.pointee.min_width = 1
            hints.pointee.min_height = 1
            XSetWMNormalHints(display, windowID, hints)
            XFree(hints)
        }
        if let hints = XAllocWMHints() {
            hints.pointee.flags = InputHint | StateHint
            hints.pointee.input = 1
            hints.pointee.initial_state = NormalState
            XSetWMHints(display, windowID, hints)
            XFree(hints)
        }
    }

    /// Format-8 property; `XChangeProperty` takes the element count, not bytes, for other formats.
    private func setProperty(_ property: UInt, type: UInt, bytes: [UInt8]) {
        bytes.withUnsafeBufferPointer { buffer in
            _ = XChangeProperty(display, windowID, property, type, 8, PropModeReplace,
                                buffer.baseAddress, Int32(buffer.count))
        }
    }
}

/// The display connection; closing it (in `deinit`) frees every server resource the client still
/// holds. Images keep it alive, so it closes after their segments are detached.
final class X11Connection {
    let display: OpaquePointer
    let name: String

    init(display: OpaquePointer, name: String) {
        self.display = display
        self.name = name
        X11ErrorTrap.register(display)
    }

    /// The server went away; no request may be sent any more.
    var isLost: Bool { X11ErrorTrap.connectionLost(display) }

    deinit {
        XCloseDisplay(display)
        X11ErrorTrap.unregister(display)
    }
}

/// Atoms interned once per connection.
struct X11Atoms {
    let wmProtocols: UInt
    let wmDeleteWindow: UInt
    let netWMPing: UInt
    let netWMName: UInt
    let netWMPID: UInt
    let utf8String: UInt
    let clipboard: UInt
    let targets: UInt
    let text: UInt
    let timestamp: UInt
    let incr: UInt
    /// ICCCM's `MULTIPLE` target and the `ATOM_PAIR` type of its list of conversions.
    let multiple: UInt
    let atomPair: UInt
    /// Where our window receives a server timestamp (a zero-length append).
    let timestampProperty: UInt
    /// Where selection reads are delivered, taken in turn so that a late answer to a read that
    /// timed out never lands in the property of the next one.
    let selectionProperties: [UInt]

    init(display: OpaquePointer) {
        func atom(_ name: String) -> UInt { XInternAtom(display, name, 0) }
        wmProtocols = atom("WM_PROTOCOLS")
        wmDeleteWindow = atom("WM_DELETE_WINDOW")
        netWMPing = atom("_NET_WM_PING")
        netWMName = atom("_NET_WM_NAME")
        netWMPID = atom("_NET_WM_PID")
        utf8String = atom("UTF8_STRING")
        clipboard = atom("CLIPBOARD")
        targets = atom("TARGETS")
        text = atom("TEXT")
        timestamp = atom("TIMESTAMP")
        incr = atom("INCR")
        multiple = atom("MULTIPLE")
        atomPair = atom("ATOM_PAIR")
        timestampProperty = atom("_KINESCOPE_TIMESTAMP")
        selectionProperties = (0..<4).map { atom("_KINESCOPE_SELECTION_\($0)") }
    }
}

/// Picks the visual: the default one if it is in Kinescope's own pixel layout, else another
/// 24-bit TrueColor visual in that layout (not a 32-bit ARGB one, which a compositor would blend
/// with the desktop), else the default visual with conversion if it is convertible.
private func chooseVisual(display: OpaquePointer, screen: Int32) throws(HostError)
    -> (visual: UnsafeMutablePointer<Visual>, depth: Int32, format: X11PixelFormat) {
    var bitsPerPixel: [Int32: Int32] = [:]
    var formatCount: Int32 = 0
    if let formats = XListPixmapFormats(display, &formatCount) {
        for index in 0..<Int(formatCount) {
            bitsPerPixel[formats[index].depth] = formats[index].bits_per_pixel
        }
        XFree(formats)
    }
    let defaultVisual = XDefaultVisual(display, screen)
    let defaultDepth = XDefaultDepth(display, screen)

    var template = XVisualInfo()
    template.screen = screen
    var count: Int32 = 0
    var candidates: [(visual: UnsafeMutablePointer<Visual>, depth: Int32, format: X11PixelFormat, isDefault: Bool)] = []
    var defaultClass: Int32 = -1
    if let list = XGetVisualInfo(display, Int(VisualScreenMask), &template, &count) {
        for index in 0..<Int(count) {
            let info = list[index]
            guard let visual = info.visual else { continue }
            let isDefault = visual == defaultVisual
            if isDefault { defaultClass = info.`class` }
            guard info.`class` == TrueColor,
                  let format = X11PixelFormat(bitsPerPixel: Int(bitsPerPixel[info.depth] ?? 0),
                                              redMask: UInt32(truncatingIfNeeded: info.red_mask),
                                              greenMask: UInt32(truncatingIfNeeded: info.green_mask),
                                              blueMask: UInt32(truncatingIfNeeded: info.blue_mask))
            else { continue }
            candidates.append((visual, info.depth, format, isDefault))
        }
        XFree(list)
    }
    let preferences: [(visual: UnsafeMutablePointer<Visual>, depth: Int32, format: X11PixelFormat, isDefault: Bool)]
        = candidates.filter { $0.isDefault && $0.format.isNative }
        + candidates.filter { $0.depth == 24 && $0.format.isNative }
        + candidates.filter { $0.isDefault }
        + candidates.filter { $0.depth <= 24 }
    guard let pick = preferences.first else {
        throw .unsupportedVisual(visualClass: defaultClass, depth: defaultDepth,
                                 bitsPerPixel: bitsPerPixel[defaultDepth] ?? 0)
    }
    return (pick.visual, pick.depth, pick.format)
}
