// The executable: sets the C library up and hands over to the front end (PlaceCLI).
import CPlatform
import PlaceCLI

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

placeshell_tune_allocator()  // glibc keeps freed large buffers otherwise (CPlatform)
exit(runPlaceshell())
