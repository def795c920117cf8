// Turning C++ exceptions into `eix_error` values, and string helpers.
#include "shim_internal.h"

#include <unicode/utypes.h>

#include <cerrno>
#include <cstring>
#include <stdexcept>

namespace eix {

char *copy_out(const std::string &value, size_t *out_length) {
    char *buffer = static_cast<char *>(std::malloc(value.size() + 1));
    if (buffer == nullptr) throw std::bad_alloc();
    std::memcpy(buffer, value.data(), value.size());
    buffer[value.size()] = '\0';
    if (out_length != nullptr) *out_length = value.size();
    return buffer;
}

void set_error(eix_error *error, int code, const std::string &message, int system_error) {
    if (error == nullptr) return;
    std::free(error->message);
    error->code = code;
    // Called while an exception is handled: no throwing here; a message that cannot be copied is left out.
    error->message = static_cast<char *>(std::malloc(message.size() + 1));
    if (error->message != nullptr) std::memcpy(error->message, message.c_str(), message.size() + 1);
    error->system_error = system_error;
}

namespace {

/// The errno behind a Xapian error. Xapian 1.4 keeps it private and gives only
/// its text (strerror's, from this same C library), so the text is matched
/// against the errors a caller can act on.
int system_error_of(const Xapian::Error &e) {
    const char *text = e.get_error_string();
    if (text == nullptr) return 0;
    for (int candidate : {EACCES, EPERM, EROFS, ENOSPC, EDQUOT, ENOENT, ENOTDIR, EIO, EMFILE, ENFILE, ENOMEM}) {
        if (std::strcmp(text, std::strerror(candidate)) == 0) return candidate;
    }
    return 0;
}

}  // namespace

void capture_current_exception(eix_error *error) {
    try {
        throw;
    } catch (const Xapian::DatabaseModifiedError &e) {
        set_error(error, EIX_ERROR_DATABASE_MODIFIED, e.get_description());
    } catch (const Xapian::DatabaseLockError &e) {
        set_error(error, EIX_ERROR_DATABASE_LOCKED, e.get_description(), system_error_of(e));
    } catch (const Xapian::DatabaseCorruptError &e) {
        set_error(error, EIX_ERROR_DATABASE_CORRUPT, e.get_description());
    } catch (const Xapian::DatabaseOpeningError &e) {
        set_error(error, EIX_ERROR_DATABASE_OPENING, e.get_description(), system_error_of(e));
    } catch (const Xapian::DatabaseError &e) {
        set_error(error, EIX_ERROR_DATABASE, e.get_description(), system_error_of(e));
    } catch (const Xapian::NetworkError &e) {
        set_error(error, EIX_ERROR_NETWORK, e.get_description());
    } catch (const Xapian::InvalidArgumentError &e) {
        set_error(error, EIX_ERROR_INVALID_ARGUMENT, e.get_description());
    } catch (const Xapian::InvalidOperationError &e) {
        set_error(error, EIX_ERROR_INVALID_OPERATION, e.get_description());
    } catch (const Xapian::UnimplementedError &e) {
        // e.g. a nested transaction: not allowed in this state.
        set_error(error, EIX_ERROR_INVALID_OPERATION, e.get_description());
    } catch (const Xapian::Error &e) {
        // In Xapian 1.4 Xapian::Error does not derive from std::exception.
        set_error(error, EIX_ERROR_OTHER, e.get_description(), system_error_of(e));
    } catch (const UnicodeError &e) {
        set_error(error, EIX_ERROR_UNICODE, e.what());
    } catch (const std::bad_alloc &) {
        set_error(error, EIX_ERROR_OTHER, "out of memory");
    } catch (const std::exception &e) {
        set_error(error, EIX_ERROR_OTHER, e.what());
    } catch (...) {
        set_error(error, EIX_ERROR_OTHER, "unknown C++ exception");
    }
}

}  // namespace eix

extern "C" void eix_error_clear(eix_error *error) {
    if (error == nullptr) return;
    std::free(error->message);
    error->message = nullptr;
    error->code = EIX_OK;
    error->system_error = 0;
}

extern "C" void eix_string_free(char *string) { std::free(string); }
