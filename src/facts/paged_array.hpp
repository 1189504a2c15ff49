// SPDX-License-Identifier: MIT
/// @file paged_array.hpp
/// @brief PagedArray<T>: an array in fixed pages shared copy-on-write between
/// a writer and the immutable snapshots it publishes.
///
///   voxnav::PagedArray<int> a;   a.resize(1000, 0);
///   a.edit(5) = 7;               // the writer's copy
///   auto snap = a;               // O(pages): shares every page
///   a.share();                   // the writer must not write shared pages in place
///   a.edit(5) = 8;               // copies page 0 first; `snap` still reads 7
///
/// Reading costs two dependent loads. A copy costs one pointer per page; an
/// edit after share() copies at most the one page it lands in.
/// Thread-safety: a published copy may be read from any number of threads
/// while the writer edits its own copy (pages are never written once shared).
///
/// Errors: only std::bad_alloc (resize, edit of a shared page).
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <vector>

namespace voxnav {

template <class T, unsigned PageBits = 8>
class PagedArray {
public:
    static constexpr std::size_t page_size = std::size_t(1) << PageBits;

    [[nodiscard]] std::size_t size() const { return size_; }
    [[nodiscard]] const T& operator[](std::size_t i) const { return (*pages_[i >> PageBits])[i & (page_size - 1)]; }

    /// The element for writing; copies its page first when it is shared.
    T& edit(std::size_t i) {
        const std::size_t p = i >> PageBits;
        if (!owned_[p]) {
            pages_[p] = std::make_shared<Page>(*pages_[p]);
            owned_[p] = 1;
            owned_list_.push_back(p);
        }
        return (*pages_[p])[i & (page_size - 1)];
    }

    /// Grows to at least `n` elements; new ones are `fill`.
    void grow(std::size_t n, const T& fill) {
        while (pages_.size() * page_size < n) {
            auto page = std::make_shared<Page>();
            page->fill(fill);
            pages_.push_back(std::move(page));
            owned_.push_back(1);
            owned_list_.push_back(pages_.size() - 1);
        }
        if (n > size_) size_ = n;
    }

    /// Called after copying this array for readers: from now on every page
    /// is shared, so the next edit of a page copies it. O(pages edited since
    /// the last share).
    void share() {
        for (std::size_t p : owned_list_) owned_[p] = 0;
        owned_list_.clear();
    }

    /// A copy for readers: shares the pages, owns none of them.
    [[nodiscard]] PagedArray published() const {
        PagedArray c;
        c.pages_ = pages_;
        c.owned_.assign(pages_.size(), 0);
        c.size_ = size_;
        return c;
    }

    [[nodiscard]] std::size_t page_count() const { return pages_.size(); }
    [[nodiscard]] std::size_t memory_bytes() const { return pages_.size() * (sizeof(Page) + sizeof(void*) + 1); }

private:
    using Page = std::array<T, page_size>;
    std::vector<std::shared_ptr<Page>> pages_;
    std::vector<std::uint8_t> owned_;      // per page: 1 when only this array holds it
    std::vector<std::size_t> owned_list_;  // pages with owned_ set
    std::size_t size_ = 0;
};

}  // namespace voxnav
