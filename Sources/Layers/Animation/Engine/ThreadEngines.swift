#if canImport(Glibc)
import Glibc
#endif

/// The engines of one thread: its default (made on first use) and the one made current.
final class ThreadEngines {
    var defaultEngine: AnimationEngine?
    var current: AnimationEngine?

    /// The calling thread's record, made on first use and released when the thread exits.
    static var forCurrentThread: ThreadEngines {
        if let raw = pthread_getspecific(threadEnginesKey) {
            return Unmanaged<ThreadEngines>.fromOpaque(raw).takeUnretainedValue()
        }
        let made = ThreadEngines()
        pthread_setspecific(threadEnginesKey, Unmanaged.passRetained(made).toOpaque())
        return made
    }
}

/// A `pthread` key rather than `Thread.current.threadDictionary`: every property change asks
/// for the current engine, and this lookup is a load instead of a dictionary search.
private let threadEnginesKey: pthread_key_t = {
    var key = pthread_key_t()
    pthread_key_create(&key) { raw in
        guard let raw else { return }
        Unmanaged<ThreadEngines>.fromOpaque(raw).release()
    }
    return key
}()
