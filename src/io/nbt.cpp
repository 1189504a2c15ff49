// SPDX-License-Identifier: MIT
#include "voxnav/io/nbt.hpp"

#include <zlib.h>

#include <cstring>

namespace voxnav {
namespace {

constexpr int kMaxDepth = 512;

class NbtReader {
public:
    NbtReader(const std::uint8_t* d, std::size_t n, const std::string& src) : d_(d), n_(n), src_(src) {}

    NbtValue root() {
        const NbtTag tag = read_tag_id();
        if (tag == NbtTag::End) fail("root tag is End");
        (void)read_string();  // root name
        NbtValue v;
        read_payload(tag, v, 0);
        return v;
    }

private:
    [[noreturn]] void fail(const std::string& what) const {
        throw NbtError(src_ + ": bad NBT at byte " + std::to_string(pos_) + ": " + what);
    }
    void need(std::size_t k) const {
        if (k > n_ - pos_) fail("truncated (needs " + std::to_string(k) + " more bytes, " + std::to_string(n_ - pos_) + " left)");
    }
    template <class T>
    T read_be() {
        need(sizeof(T));
        std::uint64_t v = 0;
        for (std::size_t i = 0; i < sizeof(T); ++i) v = (v << 8) | d_[pos_ + i];
        pos_ += sizeof(T);
        T out;
        if constexpr (sizeof(T) == 1) out = static_cast<T>(v);
        else if constexpr (sizeof(T) == 2) { std::uint16_t u = static_cast<std::uint16_t>(v); std::memcpy(&out, &u, 2); }
        else if constexpr (sizeof(T) == 4) { std::uint32_t u = static_cast<std::uint32_t>(v); std::memcpy(&out, &u, 4); }
        else { std::memcpy(&out, &v, 8); }
        return out;
    }
    NbtTag read_tag_id() {
        const std::uint8_t t = read_be<std::uint8_t>();
        if (t > 12) fail("unknown tag type " + std::to_string(t));
        return static_cast<NbtTag>(t);
    }
    std::string read_string() {
        const std::uint16_t len = read_be<std::uint16_t>();
        need(len);
        std::string s(reinterpret_cast<const char*>(d_ + pos_), len);
        pos_ += len;
        return s;
    }
    // Array and list lengths: non-negative and backed by enough bytes.
    std::size_t read_length(std::size_t min_element_bytes) {
        const std::int32_t len = read_be<std::int32_t>();
        if (len < 0) fail("negative length " + std::to_string(len));
        if (min_element_bytes > 0 && std::size_t(len) > (n_ - pos_) / min_element_bytes)
            fail("length " + std::to_string(len) + " exceeds the remaining " + std::to_string(n_ - pos_) + " bytes");
        return std::size_t(len);
    }

    void read_payload(NbtTag tag, NbtValue& v, int depth) {
        if (depth > kMaxDepth) fail("nesting deeper than 512");
        v.tag = tag;
        switch (tag) {
            case NbtTag::End: fail("unexpected End tag");
            case NbtTag::Byte: v.integer = read_be<std::int8_t>(); break;
            case NbtTag::Short: v.integer = read_be<std::int16_t>(); break;
            case NbtTag::Int: v.integer = read_be<std::int32_t>(); break;
            case NbtTag::Long: v.integer = read_be<std::int64_t>(); break;
            case NbtTag::Float: v.real = read_be<float>(); break;
            case NbtTag::Double: v.real = read_be<double>(); break;
            case NbtTag::String: v.string = read_string(); break;
            case NbtTag::ByteArray: {
                const std::size_t n = read_length(1);
                v.bytes.assign(reinterpret_cast<const std::int8_t*>(d_ + pos_), reinterpret_cast<const std::int8_t*>(d_ + pos_ + n));
                pos_ += n;
                break;
            }
            case NbtTag::IntArray: {
                const std::size_t n = read_length(4);
                v.ints.resize(n);
                for (auto& x : v.ints) x = read_be<std::int32_t>();
                break;
            }
            case NbtTag::LongArray: {
                const std::size_t n = read_length(8);
                v.longs.resize(n);
                for (auto& x : v.longs) x = read_be<std::int64_t>();
                break;
            }
            case NbtTag::List: {
                v.list_tag = read_tag_id();
                const std::size_t n = read_length(v.list_tag == NbtTag::End ? 0 : 1);
                if (v.list_tag == NbtTag::End) {
                    if (n != 0) fail("list of End tags with length " + std::to_string(n));
                    break;
                }
                v.list.resize(n);
                for (auto& e : v.list) read_payload(v.list_tag, e, depth + 1);
                break;
            }
            case NbtTag::Compound: {
                while (true) {
                    const NbtTag t = read_tag_id();
                    if (t == NbtTag::End) break;
                    std::string name = read_string();
                    v.compound.emplace_back(std::move(name), NbtValue{});
                    read_payload(t, v.compound.back().second, depth + 1);
                }
                break;
            }
        }
    }

    const std::uint8_t* d_;
    std::size_t n_;
    std::size_t pos_ = 0;
    const std::string& src_;
};

}  // namespace

const NbtValue* NbtValue::find(std::string_view key) const {
    for (const auto& [name, value] : compound)
        if (name == key) return &value;
    return nullptr;
}

const NbtValue* NbtValue::find(std::string_view key, NbtTag t) const {
    const NbtValue* v = find(key);
    return v && v->tag == t ? v : nullptr;
}

NbtValue parse_nbt(const std::uint8_t* data, std::size_t size, const std::string& source) {
    return NbtReader(data, size, source).root();
}

std::vector<std::uint8_t> inflate(const std::uint8_t* data, std::size_t size, const std::string& source, std::size_t max_output) {
    z_stream zs{};
    // 32 + MAX_WBITS: accept both zlib and gzip headers.
    if (inflateInit2(&zs, 32 + MAX_WBITS) != Z_OK) throw NbtError(source + ": cannot start zlib");
    std::vector<std::uint8_t> out;
    out.resize(std::min<std::size_t>(std::max<std::size_t>(size * 4, 4096), max_output));
    zs.next_in = const_cast<Bytef*>(data);
    zs.avail_in = static_cast<uInt>(size);
    int rc = Z_OK;
    while (true) {
        if (zs.total_out == out.size()) {
            if (out.size() >= max_output) {
                inflateEnd(&zs);
                throw NbtError(source + ": decompressed data exceeds " + std::to_string(max_output) + " bytes");
            }
            out.resize(std::min(out.size() * 2, max_output));
        }
        zs.next_out = out.data() + zs.total_out;
        zs.avail_out = static_cast<uInt>(out.size() - zs.total_out);
        rc = ::inflate(&zs, Z_NO_FLUSH);
        if (rc == Z_STREAM_END) break;
        if (rc != Z_OK && rc != Z_BUF_ERROR) {
            const std::string msg = zs.msg ? zs.msg : "error " + std::to_string(rc);
            inflateEnd(&zs);
            throw NbtError(source + ": bad compressed data (" + msg + ")");
        }
        if (rc == Z_BUF_ERROR && zs.avail_in == 0) {
            inflateEnd(&zs);
            throw NbtError(source + ": compressed data ends early");
        }
    }
    out.resize(zs.total_out);
    inflateEnd(&zs);
    return out;
}

}  // namespace voxnav
