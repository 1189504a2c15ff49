// SPDX-License-Identifier: MIT
// Test-side NBT tools, independent of the library's reader: a writer to
// craft chunks (valid and damaged) and a tiny decoder to cross-check loads.
#pragma once

#include <zlib.h>

#include <climits>
#include <cstdint>
#include <fstream>
#include <map>
#include <memory>
#include <string>
#include <vector>

namespace mini {

// --- writer -------------------------------------------------------------------
struct Writer {
    std::vector<std::uint8_t> out;
    void u8(int v) { out.push_back(static_cast<std::uint8_t>(v)); }
    void be(std::uint64_t v, int bytes) {
        for (int i = bytes - 1; i >= 0; --i) out.push_back(static_cast<std::uint8_t>(v >> (8 * i)));
    }
    void name(const std::string& s) {
        be(s.size(), 2);
        out.insert(out.end(), s.begin(), s.end());
    }
    void begin(int tag, const std::string& n) { u8(tag), name(n); }
    void compound(const std::string& n) { begin(10, n); }
    void end() { u8(0); }
    void byte(const std::string& n, int v) { begin(1, n), u8(v); }
    void int32(const std::string& n, std::int32_t v) { begin(3, n), be(std::uint32_t(v), 4); }
    void string(const std::string& n, const std::string& v) { begin(8, n), name(v); }
    void longs(const std::string& n, const std::vector<std::int64_t>& v, std::int64_t declared = INT64_MIN) {
        begin(12, n);
        be(std::uint32_t(declared != INT64_MIN ? std::int32_t(declared) : std::int32_t(v.size())), 4);
        for (auto x : v) be(std::uint64_t(x), 8);
    }
    void list(const std::string& n, int tag, std::int32_t count) { begin(9, n), u8(tag), be(std::uint32_t(count), 4); }
};

/// A 1.18 chunk at (cx, cz): one section at Y=0 with `palette` names and packed `data`.
inline std::vector<std::uint8_t> chunk_118(int cx, int cz, const std::vector<std::string>& palette,
                                           const std::vector<std::int64_t>& data, const std::string& status = "minecraft:full") {
    Writer w;
    w.compound("");
    w.int32("DataVersion", 3465);
    w.int32("xPos", cx);
    w.int32("zPos", cz);
    w.string("Status", status);
    w.list("sections", 10, 1);
    w.byte("Y", 0);
    w.compound("block_states");
    w.list("palette", 10, std::int32_t(palette.size()));
    for (const auto& p : palette) {
        w.string("Name", p);
        w.end();
    }
    if (!data.empty()) w.longs("data", data);
    w.end();  // block_states
    w.end();  // section
    w.end();  // root
    return w.out;
}

inline std::vector<std::uint8_t> zlib_compress(const std::vector<std::uint8_t>& in) {
    uLongf n = compressBound(in.size());
    std::vector<std::uint8_t> out(n);
    compress(out.data(), &n, in.data(), in.size());
    out.resize(n);
    return out;
}

/// A region file holding the given chunk payloads (already compressed) at slots.
inline std::vector<std::uint8_t> region(const std::map<int, std::vector<std::uint8_t>>& chunks, int compression = 2) {
    std::vector<std::uint8_t> f(8192, 0);
    for (const auto& [slot, payload] : chunks) {
        const std::size_t sector = f.size() / 4096;
        const std::size_t len = payload.size() + 1, sectors = (len + 4 + 4095) / 4096;
        f[slot * 4] = std::uint8_t(sector >> 16), f[slot * 4 + 1] = std::uint8_t(sector >> 8), f[slot * 4 + 2] = std::uint8_t(sector);
        f[slot * 4 + 3] = std::uint8_t(sectors);
        std::vector<std::uint8_t> body = {std::uint8_t(len >> 24), std::uint8_t(len >> 16), std::uint8_t(len >> 8), std::uint8_t(len),
                                          std::uint8_t(compression)};
        body.insert(body.end(), payload.begin(), payload.end());
        body.resize(sectors * 4096, 0);
        f.insert(f.end(), body.begin(), body.end());
    }
    return f;
}

inline void write_file(const std::string& path, const std::vector<std::uint8_t>& bytes) {
    std::ofstream(path, std::ios::binary).write(reinterpret_cast<const char*>(bytes.data()), std::streamsize(bytes.size()));
}

// --- a tiny decoder -----------------------------------------------------------
// Just enough NBT for cross-checks: every tag becomes a Node; no limits.
struct Node {
    int tag = 0;
    std::int64_t num = 0;
    std::string str;
    std::vector<std::uint8_t> bytes;
    std::vector<std::int64_t> longs;
    std::vector<Node> items;                                // list elements
    std::vector<std::pair<std::string, Node>> members;     // compound
    const Node* get(const std::string& k) const {
        for (const auto& [n, v] : members)
            if (n == k) return &v;
        return nullptr;
    }
};

inline Node decode_payload(const std::uint8_t*& p, int tag) {
    auto be = [&](int n) {
        std::uint64_t v = 0;
        for (int i = 0; i < n; ++i) v = (v << 8) | *p++;
        return v;
    };
    Node node;
    node.tag = tag;
    switch (tag) {
        case 1: node.num = std::int8_t(be(1)); break;
        case 2: node.num = std::int16_t(be(2)); break;
        case 3: node.num = std::int32_t(be(4)); break;
        case 4: node.num = std::int64_t(be(8)); break;
        case 5: be(4); break;
        case 6: be(8); break;
        case 7: { auto n = be(4); node.bytes.assign(p, p + n); p += n; break; }
        case 8: { auto n = be(2); node.str.assign(reinterpret_cast<const char*>(p), n); p += n; break; }
        case 9: { int t = int(be(1)); auto n = be(4); for (std::uint64_t i = 0; i < n; ++i) node.items.push_back(decode_payload(p, t)); break; }
        case 10: {
            while (int t = int(be(1))) {
                auto n = be(2);
                std::string name(reinterpret_cast<const char*>(p), n);
                p += n;
                node.members.emplace_back(name, decode_payload(p, t));
            }
            break;
        }
        case 11: { auto n = be(4); for (std::uint64_t i = 0; i < n; ++i) node.longs.push_back(std::int32_t(be(4))); break; }
        case 12: { auto n = be(4); for (std::uint64_t i = 0; i < n; ++i) node.longs.push_back(std::int64_t(be(8))); break; }
    }
    return node;
}

inline Node decode(const std::vector<std::uint8_t>& raw) {
    const std::uint8_t* p = raw.data();
    const int tag = *p++;
    const int n = (p[0] << 8) | p[1];
    p += 2 + n;
    return decode_payload(p, tag);
}

inline std::vector<std::uint8_t> gunzip_or_inflate(const std::vector<std::uint8_t>& in) {
    z_stream zs{};
    inflateInit2(&zs, 32 + MAX_WBITS);
    std::vector<std::uint8_t> out(1 << 20);
    std::size_t have = 0;
    zs.next_in = const_cast<Bytef*>(in.data());
    zs.avail_in = uInt(in.size());
    int rc;
    do {
        if (have == out.size()) out.resize(out.size() * 2);
        zs.next_out = out.data() + have;
        zs.avail_out = uInt(out.size() - have);
        rc = inflate(&zs, Z_NO_FLUSH);
        have = zs.total_out;
    } while (rc == Z_OK);
    inflateEnd(&zs);
    out.resize(have);
    return out;
}

/// Chunks of a region file: slot -> decoded root.
inline std::map<int, Node> region_chunks(const std::string& path) {
    std::ifstream f(path, std::ios::binary);
    std::vector<std::uint8_t> d(std::istreambuf_iterator<char>(f), {});
    std::map<int, Node> out;
    for (int i = 0; i < 1024; ++i) {
        const std::size_t off = (std::size_t(d[i * 4]) << 16 | std::size_t(d[i * 4 + 1]) << 8 | d[i * 4 + 2]) * 4096;
        if (!off) continue;
        const std::size_t len = std::size_t(d[off]) << 24 | std::size_t(d[off + 1]) << 16 | std::size_t(d[off + 2]) << 8 | d[off + 3];
        std::vector<std::uint8_t> payload(d.begin() + long(off + 5), d.begin() + long(off + 4 + len));
        out[i] = decode(gunzip_or_inflate(payload));
    }
    return out;
}

}  // namespace mini
