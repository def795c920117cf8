// Documents: values, boolean terms and indexed text.
#include "shim_internal.h"

#include <algorithm>

#include <string_view>
#include <vector>

extern "C" eix_document *eix_document_new(void) {
    return eix_guard<eix_document *>(nullptr, nullptr, [] { return new eix_document(); });
}

extern "C" void eix_document_free(eix_document *document) { delete document; }

extern "C" int eix_document_add_boolean_term(eix_document *document, const char *term,
                                             size_t length, eix_error *error) {
    return eix_guard(error, -1, [&] {
        document->document.add_boolean_term(std::string(term, length));
        return 0;
    });
}

extern "C" int eix_document_add_term(eix_document *document, const char *term,
                                     size_t length, uint32_t wdf, eix_error *error) {
    return eix_guard(error, -1, [&] {
        document->document.add_term(std::string(term, length), wdf);
        return 0;
    });
}

extern "C" size_t eix_sortable_serialise(double number, char out[18]) {
    // Xapian documents that the encoding is at most 9 bytes (18 reserved for safety).
    return Xapian::sortable_serialise_(number, out);
}

extern "C" int eix_document_set_value(eix_document *document, uint32_t slot,
                                      const char *value, size_t length, eix_error *error) {
    return eix_guard(error, -1, [&] {
        document->document.add_value(slot, std::string(value, length));
        return 0;
    });
}

extern "C" const char *eix_document_value(eix_document *document, uint32_t slot,
                                          size_t *out_length, eix_error *error) {
    return eix_guard<const char *>(error, nullptr, [&] {
        document->value = document->document.get_value(slot);
        *out_length = document->value.size();
        return document->value.c_str();
    });
}

extern "C" int eix_document_index_text(eix_document *document, const char *text,
                                       size_t length, const char *const *prefixes,
                                       const size_t *prefix_lengths, size_t prefix_count,
                                       const char *numbered_prefix, size_t numbered_prefix_length,
                                       size_t maximum_term_length, uint32_t wdf, const eix_stemmer *stemmer, char **out_words,
                                       size_t *out_length, eix_error *error) {
    return eix_guard(error, -1, [&] {
        std::string words;
        eix::split_words(text, length, words);

        std::vector<std::string> term_prefixes;
        for (size_t i = 0; i < prefix_count; ++i) {
            term_prefixes.emplace_back(prefixes[i], prefix_lengths[i]);
        }
        const std::string numbered(numbered_prefix == nullptr ? "" : std::string(numbered_prefix, numbered_prefix_length));
        std::string_view rest(words), previous;
        while (!rest.empty()) {
            size_t end = rest.find('\0');
            std::string_view word = rest.substr(0, end);
            std::string stem = stemmer->stem(std::string(word));
            for (const std::string &prefix : term_prefixes) document->document.add_term(prefix + stem, wdf);
            const bool is_number = std::all_of(word.begin(), word.end(), [](char c) { return c >= '0' && c <= '9'; });
            const bool had_letters = std::any_of(previous.begin(), previous.end(), [](char c) { return !(c >= '0' && c <= '9'); });
            if (!numbered.empty() && is_number && had_letters) {
                std::string term = numbered + std::string(previous) + " " + std::string(word);
                if (term.size() <= maximum_term_length) document->document.add_term(term, wdf);
            }
            previous = word;
            rest.remove_prefix(end + 1);
        }
        // Out-parameters are written last, once nothing can fail: a caller never gets half a result to free.
        if (out_words != nullptr) *out_words = eix::copy_out(words, out_length);
        return 0;
    });
}
