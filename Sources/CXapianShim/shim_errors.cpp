// Turning C++ exceptions into `eix_error` values, and string helpers.
#include "shim_internal.h"

#include <unicode/utypes.h>

#include <stdexcept>

namespace eix {

char *copy_string(const std::string &value, size_t *out_length) {
    char *buffer = static_cast<char *>(std::malloc(value.size() + 1));
    if (buffer == nullptr) return nullptr;
    std::memcpy(buffer, value.data(), value.size());
    buffer[value.size()] = '\0';
    if (out_length != nullptr) *out_length = value.size();
    return buffer;
}

void set_error(eix_error *error, int code, const std::string &message) {
    if (error == nullptr) return;
    std::free(error->message);
    error->code = code;
    error->message = copy_string(message, nullptr);
}

void capture_current_exception(eix_error *error) {
    try {
        throw;
    } catch (const Xapian::DatabaseModifiedError &e) {
        set_error(error, EIX_ERROR_DATABASE_MODIFIED, e.get_description());
    } catch (const Xapian::DatabaseLockError &e) {
        set_error(error, EIX_ERROR_DATABASE_LOCKED, e.get_description());
    } catch (const Xapian::DatabaseCorruptError &e) {
        set_error(error, EIX_ERROR_DATABASE_CORRUPT, e.get_description());
    } catch (const Xapian::DatabaseOpeningError &e) {
        set_error(error, EIX_ERROR_DATABASE_OPENING, e.get_description());
    } catch (const Xapian::InvalidArgumentError &e) {
        set_error(error, EIX_ERROR_INVALID_ARGUMENT, e.get_description());
    } catch (const Xapian::InvalidOperationError &e) {
        set_error(error, EIX_ERROR_INVALID_OPERATION, e.get_description());
    } catch (const Xapian::UnimplementedError &e) {
        // e.g. a nested transaction: not allowed in this state.
        set_error(error, EIX_ERROR_INVALID_OPERATION, e.get_description());
    } catch (const Xapian::Error &e) {
        // In Xapian 1.4 Xapian::Error does not derive from std::exception.
        set_error(error, EIX_ERROR_OTHER, e.get_description());
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
}

extern "C" void eix_string_free(char *string) { std::free(string); }
