//! Pagination parameters shared by every list endpoint.

/// Largest page a client may ask for; bigger requests are clamped, not refused.
pub const MAX_PAGE_SIZE: u32 = 200;
pub const DEFAULT_PAGE_SIZE: u32 = 20;

/// A validated page request: 1-based page number and a size within bounds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PageRequest {
    pub page: u32,
    pub page_size: u32,
}

impl PageRequest {
    pub fn new(page: Option<u32>, page_size: Option<u32>) -> PageRequest {
        PageRequest {
            page: page.unwrap_or(1).max(1),
            page_size: page_size
                .unwrap_or(DEFAULT_PAGE_SIZE)
                .clamp(1, MAX_PAGE_SIZE),
        }
    }

    pub fn limit(&self) -> i64 {
        i64::from(self.page_size)
    }

    pub fn offset(&self) -> i64 {
        i64::from(self.page - 1) * i64::from(self.page_size)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clamps_and_computes_offsets() {
        assert_eq!(
            PageRequest::new(None, None),
            PageRequest {
                page: 1,
                page_size: 20
            }
        );
        let p = PageRequest::new(Some(3), Some(50));
        assert_eq!((p.limit(), p.offset()), (50, 100));
        assert_eq!(
            PageRequest::new(Some(0), Some(10_000)).page_size,
            MAX_PAGE_SIZE
        );
        assert_eq!(
            PageRequest::new(Some(0), Some(0)),
            PageRequest {
                page: 1,
                page_size: 1
            }
        );
    }
}
