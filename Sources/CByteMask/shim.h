#include <stdint.h>

/* The vector paths: SSE2 where the compiler targets it (every x86-64), unless the build asks
   for the portable paths alone (`-Xcc -DPLACESHELL_PORTABLE`: `PLACESHELL_PORTABLE=1 scripts/test`), which
   are what arm64 (Apple silicon, Linux on arm64) runs. */
#if defined(__SSE2__) && !defined(PLACESHELL_PORTABLE)
#define PLACESHELL_BYTE_MASK_SSE2 1
#include <emmintrin.h>
#else
#define PLACESHELL_BYTE_MASK_SSE2 0
#endif

/* 1 when the functions below use SSE2, 0 when they take the portable path: tests of a
   portable build check that they test what they mean to. */
static inline int placeshell_byte_mask_uses_sse2(void) { return PLACESHELL_BYTE_MASK_SSE2; }

/* The 64 bytes at `p` as the bits of a word, the lowest for the first byte: set where the byte
   is `a`, `b` or `c`. With SSE2 (every x86-64), sixteen bytes are compared at once and their
   lanes gathered into sixteen bits by one instruction, which Swift has no spelling for;
   elsewhere, a byte at a time. */
static inline uint64_t placeshell_byte_mask64(const uint8_t *p, uint8_t a, uint8_t b, uint8_t c) {
    uint64_t bits = 0;
#if defined(__SSE2__) && !defined(PLACESHELL_PORTABLE)
    const __m128i va = _mm_set1_epi8((char)a);
    const __m128i vb = _mm_set1_epi8((char)b);
    const __m128i vc = _mm_set1_epi8((char)c);
    for (int k = 0; k < 4; k++) {
        const __m128i v = _mm_loadu_si128((const __m128i *)(const void *)(p + 16 * k));
        const __m128i hit =
            _mm_or_si128(_mm_or_si128(_mm_cmpeq_epi8(v, va), _mm_cmpeq_epi8(v, vb)), _mm_cmpeq_epi8(v, vc));
        bits |= (uint64_t)(uint16_t)_mm_movemask_epi8(hit) << (16 * k);
    }
#else
    for (int k = 0; k < 64; k++) {
        if (p[k] == a || p[k] == b || p[k] == c) bits |= (uint64_t)1 << k;
    }
#endif
    return bits;
}

/* The 16 bytes at `p` as the low bits of a word, the lowest for the first byte: set where the
   byte is below 0x20, DEL (0x7F), 0xC2 (the lead byte of U+0080…U+00BF, among them the C1
   controls) or 0xE2 (the lead byte of U+2000…U+2FFF, among them the bidirectional overrides
   and the line separator): where text for a terminal needs a closer look. */
static inline uint32_t placeshell_control_mask16(const uint8_t *p) {
#if defined(__SSE2__) && !defined(PLACESHELL_PORTABLE)
    const __m128i v = _mm_loadu_si128((const __m128i *)(const void *)p);
    const __m128i below = _mm_cmpeq_epi8(_mm_min_epu8(v, _mm_set1_epi8(0x1F)), v);
    const __m128i del = _mm_cmpeq_epi8(v, _mm_set1_epi8(0x7F));
    const __m128i c2 = _mm_cmpeq_epi8(v, _mm_set1_epi8((char)0xC2));
    const __m128i e2 = _mm_cmpeq_epi8(v, _mm_set1_epi8((char)0xE2));
    return (uint32_t)(uint16_t)_mm_movemask_epi8(_mm_or_si128(_mm_or_si128(below, del), _mm_or_si128(c2, e2)));
#else
    uint32_t bits = 0;
    for (int k = 0; k < 16; k++) {
        if (p[k] < 0x20 || p[k] == 0x7F || p[k] == 0xC2 || p[k] == 0xE2) bits |= (uint32_t)1 << k;
    }
    return bits;
#endif
}

/* The 16 bytes at `p` as the low bits of a word, the lowest for the first byte: set where the
   byte may end a plain word of a script: a space or below it, DEL or above it, or one of
   ; " ' \ and $. */
static inline uint32_t placeshell_word_stop_mask16(const uint8_t *p) {
#if defined(__SSE2__) && !defined(PLACESHELL_PORTABLE)
    const __m128i v = _mm_loadu_si128((const __m128i *)(const void *)p);
    const __m128i low = _mm_cmpeq_epi8(_mm_min_epu8(v, _mm_set1_epi8(0x20)), v);
    const __m128i high = _mm_cmpeq_epi8(_mm_max_epu8(v, _mm_set1_epi8(0x7F)), v);
    __m128i stop = _mm_or_si128(low, high);
    stop = _mm_or_si128(stop, _mm_cmpeq_epi8(v, _mm_set1_epi8(';')));
    stop = _mm_or_si128(stop, _mm_cmpeq_epi8(v, _mm_set1_epi8('"')));
    stop = _mm_or_si128(stop, _mm_cmpeq_epi8(v, _mm_set1_epi8('\'')));
    stop = _mm_or_si128(stop, _mm_cmpeq_epi8(v, _mm_set1_epi8('\\')));
    stop = _mm_or_si128(stop, _mm_cmpeq_epi8(v, _mm_set1_epi8('$')));
    return (uint32_t)(uint16_t)_mm_movemask_epi8(stop);
#else
    uint32_t bits = 0;
    for (int k = 0; k < 16; k++) {
        const uint8_t b = p[k];
        if (b <= 0x20 || b >= 0x7F || b == ';' || b == '"' || b == '\'' || b == '\\' || b == '$') {
            bits |= (uint32_t)1 << k;
        }
    }
    return bits;
#endif
}
