// Text analysis with ICU: normalisation, accent folding and word segmentation.
#include "shim_internal.h"

#include <unicode/brkiter.h>
#include <unicode/normalizer2.h>
#include <unicode/translit.h>
#include <unicode/unistr.h>

#include <algorithm>
#include <memory>
#include <stdexcept>

namespace {

/// Words longer than this (in UTF-8 bytes) are skipped, as Xapian's
/// TermGenerator does: they are noise (hashes, base64) and near the term limit.
constexpr size_t maximum_word_length = 64;

/// Folds accents on Latin letters only ("ë" -> "e", "ł" -> "l", "ß" -> "ss"),
/// leaving other scripts' combining marks (Japanese dakuten, Indic vowel signs)
/// untouched. The global filter keeps the fold to Latin and inherited marks.
const char *const latin_fold_id =
    "[[:Latin:][:Zinh:]]; NFD; [:Nonspacing Mark:] Remove; NFC; Latin-ASCII";

/// Spells any script in plain Latin letters ("Ольга" -> "Ol'ga", "陈静" -> "chen jing").
const char *const to_latin_id = "Any-Latin; Latin-ASCII";

void check(UErrorCode status, const char *what) {
    if (U_FAILURE(status)) {
        throw eix::UnicodeError(std::string(what) + ": " + u_errorName(status));
    }
}

/// ICU objects are not safe to share between threads: one set per thread.
struct Analyzer {
    const icu::Normalizer2 *case_fold = nullptr;
    std::unique_ptr<icu::Transliterator> latin_fold;
    std::unique_ptr<icu::BreakIterator> words;
    std::unique_ptr<icu::Transliterator> to_latin;  // created on first use: it is slow to build

    Analyzer() {
        UErrorCode status = U_ZERO_ERROR;
        case_fold = icu::Normalizer2::getNFKCCasefoldInstance(status);
        check(status, "ICU NFKC case folding is unavailable");
        latin_fold.reset(icu::Transliterator::createInstance(
            icu::UnicodeString::fromUTF8(latin_fold_id), UTRANS_FORWARD, status));
        check(status, "ICU accent folding is unavailable");
        words.reset(icu::BreakIterator::createWordInstance(icu::Locale::getRoot(), status));
        check(status, "ICU word segmentation is unavailable");
    }

    /// Case- and accent-folds text. Plain ASCII (most queries) only needs
    /// lower-casing, which skips ICU's far slower normaliser and transliterator.
    icu::UnicodeString fold(const char *text, size_t length) {
        icu::StringPiece bytes(text, static_cast<int32_t>(length));
        if (std::all_of(text, text + length, [](char c) { return static_cast<unsigned char>(c) < 0x80; })) {
            return icu::UnicodeString::fromUTF8(bytes).toLower(icu::Locale::getRoot());
        }
        UErrorCode status = U_ZERO_ERROR;
        icu::UnicodeString folded = case_fold->normalize(icu::UnicodeString::fromUTF8(bytes), status);
        check(status, "ICU could not normalise the text");
        latin_fold->transliterate(folded);
        // A typographic apostrophe joins words as the plain one does ("O’Brien", "Inês’s").
        folded.findAndReplace(icu::UnicodeString(static_cast<UChar>(0x2019)), icu::UnicodeString(static_cast<UChar>(0x27)));
        return folded;
    }

    /// Appends each word of `text` spelled in Latin letters (see
    /// `eix_text_latin_words`), followed by a NUL byte, to `out`.
    size_t split_latin(const char *text, size_t length, std::string &out) {
        if (!to_latin) {
            UErrorCode status = U_ZERO_ERROR;
            to_latin.reset(icu::Transliterator::createInstance(
                icu::UnicodeString::fromUTF8(to_latin_id), UTRANS_FORWARD, status));
            check(status, "ICU transliteration to Latin is unavailable");
        }
        icu::UnicodeString latin = icu::UnicodeString::fromUTF8(
            icu::StringPiece(text, static_cast<int32_t>(length)));
        to_latin->transliterate(latin);
        latin.toLower(icu::Locale::getRoot());

        size_t count = 0;
        std::string word;
        for (int32_t i = 0; i <= latin.length(); ++i) {
            UChar c = i < latin.length() ? latin.charAt(i) : u' ';
            if ((c >= u'a' && c <= u'z') || (c >= u'0' && c <= u'9')) {
                word.push_back(static_cast<char>(c));
            } else if (c == u'\'' || c == u'`') {
                continue;  // transliterated soft signs and apostrophes join the word
            } else if (!word.empty()) {
                if (word.size() <= maximum_word_length) {
                    out.append(word);
                    out.push_back('\0');
                    ++count;
                }
                word.clear();
            }
        }
        return count;
    }

    /// Appends each normalised word of `text`, followed by a NUL byte, to `out`.
    size_t split(const char *text, size_t length, std::string &out) {
        icu::UnicodeString folded = fold(text, length);

        words->setText(folded);
        size_t count = 0;
        std::string word;
        int32_t start = words->first();
        for (int32_t end = words->next(); end != icu::BreakIterator::DONE;
             start = end, end = words->next()) {
            if (words->getRuleStatus() < UBRK_WORD_NONE_LIMIT) continue;  // spaces, punctuation
            word.clear();
            folded.tempSubStringBetween(start, end).toUTF8String(word);
            if (word.size() > maximum_word_length) continue;
            out.append(word);
            out.push_back('\0');
            ++count;
        }
        return count;
    }
};

Analyzer &thread_analyzer() {
    thread_local Analyzer analyzer;
    return analyzer;
}

}  // namespace

namespace eix {

/// Splits text into words; shared with document indexing.
size_t split_words(const char *text, size_t length, std::string &out) {
    return thread_analyzer().split(text, length, out);
}

}  // namespace eix

extern "C" char *eix_text_words(const char *text, size_t length, size_t *out_length,
                                size_t *out_count, eix_error *error) {
    return eix_guard<char *>(error, nullptr, [&]() -> char * {
        std::string words;
        size_t count = eix::split_words(text, length, words);
        char *result = eix::copy_out(words, out_length);
        if (out_count != nullptr) *out_count = count;
        return result;
    });
}

extern "C" char *eix_text_latin_words(const char *text, size_t length, size_t *out_length,
                                      size_t *out_count, eix_error *error) {
    return eix_guard<char *>(error, nullptr, [&]() -> char * {
        std::string words;
        size_t count = thread_analyzer().split_latin(text, length, words);
        char *result = eix::copy_out(words, out_length);
        if (out_count != nullptr) *out_count = count;
        return result;
    });
}

extern "C" eix_stemmer *eix_stemmer_new(const char *language, size_t length,
                                        eix_error *error) {
    return eix_guard<eix_stemmer *>(error, nullptr, [&]() {
        std::string name(language, length);
        // Xapian::Stem("none") and Stem("") both leave words unchanged.
        return new eix_stemmer{Xapian::Stem(name.empty() ? "none" : name)};
    });
}

extern "C" void eix_stemmer_free(eix_stemmer *stemmer) { delete stemmer; }

extern "C" char *eix_stemmer_stem(const eix_stemmer *stemmer, const char *word,
                                  size_t length, size_t *out_length, eix_error *error) {
    return eix_guard<char *>(error, nullptr, [&]() -> char * {
        std::string stem = stemmer->stem.operator()(std::string(word, length));
        char *result = eix::copy_out(stem, out_length);
        return result;
    });
}
