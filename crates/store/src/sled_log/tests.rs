use super::*;

#[test]
fn varints_read_as_sled_writes_them() {
    // sled 0.34's encodings at each width's edges.
    let cases: &[(&[u8], u64)] = &[
        (&[0], 0),
        (&[240], 240),
        (&[241, 0], 240),
        (&[248, 255], 2287),
        (&[249, 0, 0], 2288),
        (&[249, 255, 255], 67823),
        (&[250, 0xf0, 0x08, 0x01], 67824),
        (&[255, 1, 2, 3, 4, 5, 6, 7, 8], 0x0807_0605_0403_0201),
    ];
    for (bytes, value) in cases {
        let mut b = *bytes;
        assert_eq!(varint(&mut b), Some(*value), "{bytes:?}");
        assert!(b.is_empty());
    }
    // Cut short: nothing, never a panic.
    for bytes in [&[241][..], &[249, 1], &[255, 1, 2], &[]] {
        assert_eq!(varint(&mut &bytes[..]), None);
    }
}

#[test]
fn garbage_is_no_message_and_no_node() {
    let mut seed = 7u64;
    for len in 0..300 {
        let junk: Vec<u8> = (0..len)
            .map(|_| {
                seed = seed.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1);
                (seed >> 56) as u8
            })
            .collect();
        assert!(message(&junk).is_none());
        let _ = node(&junk);
        let _ = meta(&junk);
    }
}

#[test]
fn a_log_of_garbage_reads_as_nothing_without_a_panic() {
    let dir = tempfile::tempdir().unwrap();
    let mut seed = 11u64;
    let junk: Vec<u8> = (0..3 * DEFAULT_SEGMENT / 2)
        .map(|_| {
            seed = seed.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1);
            (seed >> 56) as u8
        })
        .collect();
    std::fs::write(dir.path().join("db"), &junk).unwrap();
    // sled ends `conf` with a CRC-32 of the lines.
    std::fs::write(dir.path().join("conf"), b"segment_size: nonsense\n\0\0\0\0").unwrap();
    std::fs::create_dir(dir.path().join("blobs")).unwrap();
    std::fs::write(dir.path().join("blobs").join("0"), [0u8; 4]).unwrap();
    let image = read(dir.path()).unwrap();
    assert!(image.main.is_empty() && image.quarantine.is_empty());
    assert_eq!(image.report.messages, 0);
    // A compressed log is refused with a reason, not misread.
    std::fs::write(dir.path().join("conf"), b"use_compression: true\n\0\0\0\0").unwrap();
    assert!(read(dir.path()).unwrap_err().contains("compressed"));
    assert!(read(&dir.path().join("nowhere")).is_err());
}
