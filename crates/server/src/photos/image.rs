//! What an uploaded image is (by its bytes, not its name), removing its embedded metadata —
//! EXIF (with GPS location), XMP, IPTC, text chunks — without re-encoding the picture, and
//! making the small version cards show. A JPEG keeps only its orientation, so it still shows
//! upright.

use std::io::Cursor;

use image::{DynamicImage, ImageFormat, ImageReader, Limits};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    Jpeg,
    Png,
    Gif,
    Webp,
}

impl Kind {
    /// Recognise the four accepted formats by their magic bytes.
    pub fn sniff(bytes: &[u8]) -> Option<Self> {
        if bytes.starts_with(&[0xFF, 0xD8, 0xFF]) {
            Some(Self::Jpeg)
        } else if bytes.starts_with(b"\x89PNG\r\n\x1a\n") {
            Some(Self::Png)
        } else if bytes.starts_with(b"GIF87a") || bytes.starts_with(b"GIF89a") {
            Some(Self::Gif)
        } else if bytes.len() >= 12 && &bytes[..4] == b"RIFF" && &bytes[8..12] == b"WEBP" {
            Some(Self::Webp)
        } else {
            None
        }
    }

    pub fn extension(self) -> &'static str {
        match self {
            Self::Jpeg => "jpg",
            Self::Png => "png",
            Self::Gif => "gif",
            Self::Webp => "webp",
        }
    }

    fn format(self) -> ImageFormat {
        match self {
            Self::Jpeg => ImageFormat::Jpeg,
            Self::Png => ImageFormat::Png,
            Self::Gif => ImageFormat::Gif,
            Self::Webp => ImageFormat::WebP,
        }
    }
}

/// An upload that is not a readable image of its kind.
#[derive(Debug, thiserror::Error)]
#[error("the file is not a readable image")]
pub struct Unreadable;

/// Why an upload cannot be kept.
#[derive(Debug, thiserror::Error)]
pub enum Refused {
    #[error(transparent)]
    Unreadable(#[from] Unreadable),
    /// A small file may claim a gigantic picture; it is refused before it is decoded.
    #[error("the picture has {width} x {height} pixels, more than {MAX_PIXELS}")]
    TooManyPixels { width: u32, height: u32 },
}

/// The largest picture decoded: 50 megapixels (a 48-megapixel phone photo fits), which takes
/// at most 200 MB once decoded.
pub const MAX_PIXELS: u64 = 50_000_000;
/// Decodes that run at once; the others wait their turn. With [`MAX_PIXELS`], decoding never
/// holds more than about this many times 200 MB.
pub const DECODES_AT_ONCE: usize = 2;

/// The cleaned picture and its small version.
pub struct Processed {
    pub kind: Kind,
    pub full: Vec<u8>,
    pub thumbnail: Vec<u8>,
}

pub const THUMBNAIL_SIZE: u32 = 640;

/// Check, clean and shrink an upload. Slow for big images: call from a blocking task, at most
/// [`DECODES_AT_ONCE`] at a time.
pub fn process(bytes: &[u8]) -> Result<Processed, Refused> {
    let kind = Kind::sniff(bytes).ok_or(Unreadable)?;
    let (full, orientation) = match kind {
        Kind::Jpeg => strip_jpeg(bytes)?,
        Kind::Png => (strip_png(bytes)?, 1),
        Kind::Gif => (strip_gif(bytes)?, 1),
        Kind::Webp => (strip_webp(bytes)?, 1),
    };
    let picture = decode(&full, kind)?;
    let mut small = if picture.width() > THUMBNAIL_SIZE || picture.height() > THUMBNAIL_SIZE {
        picture.thumbnail(THUMBNAIL_SIZE, THUMBNAIL_SIZE)
    } else {
        picture
    };
    if let Some(orientation) = u8::try_from(orientation).ok().and_then(image::metadata::Orientation::from_exif) {
        small.apply_orientation(orientation);
    }
    Ok(Processed { kind, full, thumbnail: encode_jpeg(small)? })
}

fn decode(bytes: &[u8], kind: Kind) -> Result<DynamicImage, Refused> {
    // The header says how big the picture is: refuse before allocating it.
    let (width, height) =
        ImageReader::with_format(Cursor::new(bytes), kind.format()).into_dimensions().map_err(|_| Unreadable)?;
    if u64::from(width) * u64::from(height) > MAX_PIXELS {
        return Err(Refused::TooManyPixels { width, height });
    }
    let mut reader = ImageReader::with_format(Cursor::new(bytes), kind.format());
    // And should the decoder find more than the header said, it stops at the same bound.
    let mut limits = Limits::default();
    limits.max_alloc = Some(MAX_PIXELS * 4 + 16 * 1024 * 1024);
    reader.limits(limits);
    reader.decode().map_err(|_| Refused::Unreadable(Unreadable))
}

/// JPEG thumbnail; transparent areas become white.
fn encode_jpeg(picture: DynamicImage) -> Result<Vec<u8>, Unreadable> {
    let rgba = picture.to_rgba8();
    let mut rgb = image::RgbImage::new(rgba.width(), rgba.height());
    for (x, y, pixel) in rgba.enumerate_pixels() {
        let [r, g, b, a] = pixel.0;
        let blend = |c: u8| ((u16::from(c) * u16::from(a) + 255 * (255 - u16::from(a))) / 255) as u8;
        rgb.put_pixel(x, y, image::Rgb([blend(r), blend(g), blend(b)]));
    }
    let mut out = Vec::new();
    image::codecs::jpeg::JpegEncoder::new_with_quality(&mut out, 82).encode_image(&rgb).map_err(|_| Unreadable)?;
    Ok(out)
}

/// Remove APP1 (EXIF, XMP) and APP13 (IPTC) segments; keep the orientation in a minimal EXIF.
fn strip_jpeg(bytes: &[u8]) -> Result<(Vec<u8>, u16), Unreadable> {
    let mut out = Vec::with_capacity(bytes.len());
    out.extend_from_slice(&bytes[..2]);
    let mut orientation = 1;
    let mut segments = Vec::new();
    let mut pos = 2;
    loop {
        // Markers may be padded with 0xFF bytes.
        while bytes.get(pos) == Some(&0xFF) && bytes.get(pos + 1) == Some(&0xFF) {
            pos += 1;
        }
        let (Some(&0xFF), Some(&marker)) = (bytes.get(pos), bytes.get(pos + 1)) else { return Err(Unreadable) };
        if marker == 0xD9 || marker == 0xDA {
            // End of image, or start of scan: the rest is picture data.
            break;
        }
        if (0xD0..=0xD7).contains(&marker) || marker == 0x01 {
            segments.push(&bytes[pos..pos + 2]);
            pos += 2;
            continue;
        }
        let length = usize::from(u16::from_be_bytes([
            *bytes.get(pos + 2).ok_or(Unreadable)?,
            *bytes.get(pos + 3).ok_or(Unreadable)?,
        ]));
        let end = pos + 2 + length;
        if length < 2 || end > bytes.len() {
            return Err(Unreadable);
        }
        let segment = &bytes[pos..end];
        match marker {
            0xE1 => {
                if let Some(found) = exif_orientation(&segment[4..]) {
                    orientation = found;
                }
            }
            0xED => {}
            _ => segments.push(segment),
        }
        pos = end;
    }
    // JFIF's APP0 must come first; the orientation-only EXIF goes right after it.
    let mut rest = segments.into_iter().peekable();
    if let Some(first) = rest.peek()
        && first.get(1) == Some(&0xE0)
    {
        out.extend_from_slice(first);
        rest.next();
    }
    if orientation != 1 {
        out.extend_from_slice(&orientation_exif(orientation));
    }
    for segment in rest {
        out.extend_from_slice(segment);
    }
    out.extend_from_slice(&bytes[pos..]);
    Ok((out, orientation))
}

/// The orientation (tag 0x0112) of IFD0 in an APP1 payload that starts with `Exif\0\0`.
fn exif_orientation(payload: &[u8]) -> Option<u16> {
    let tiff = payload.strip_prefix(b"Exif\0\0")?;
    let big_endian = match tiff.get(..2)? {
        b"MM" => true,
        b"II" => false,
        _ => return None,
    };
    let u16_at = |at: usize| -> Option<u16> {
        let b = tiff.get(at..at + 2)?;
        Some(if big_endian { u16::from_be_bytes([b[0], b[1]]) } else { u16::from_le_bytes([b[0], b[1]]) })
    };
    let u32_at = |at: usize| -> Option<u32> {
        let b = tiff.get(at..at + 4)?;
        let b = [b[0], b[1], b[2], b[3]];
        Some(if big_endian { u32::from_be_bytes(b) } else { u32::from_le_bytes(b) })
    };
    let ifd = usize::try_from(u32_at(4)?).ok()?;
    let count = usize::from(u16_at(ifd)?);
    (0..count.min(512))
        .find_map(|i| {
            let entry = ifd + 2 + i * 12;
            (u16_at(entry)? == 0x0112).then(|| u16_at(entry + 8)).flatten()
        })
        .filter(|o| (1..=8).contains(o))
}

/// An APP1 segment holding an EXIF block with the orientation and nothing else.
fn orientation_exif(orientation: u16) -> Vec<u8> {
    let mut tiff = Vec::new();
    tiff.extend_from_slice(b"MM\0\x2a\0\0\0\x08"); // big-endian TIFF, IFD0 at offset 8
    tiff.extend_from_slice(&1u16.to_be_bytes()); // one entry
    tiff.extend_from_slice(&0x0112u16.to_be_bytes()); // Orientation
    tiff.extend_from_slice(&3u16.to_be_bytes()); // SHORT
    tiff.extend_from_slice(&1u32.to_be_bytes()); // one value
    tiff.extend_from_slice(&orientation.to_be_bytes());
    tiff.extend_from_slice(&[0, 0]); // padding of the value field
    tiff.extend_from_slice(&0u32.to_be_bytes()); // no next IFD
    let mut segment = vec![0xFF, 0xE1];
    segment.extend_from_slice(&u16::try_from(2 + 6 + tiff.len()).expect("small").to_be_bytes());
    segment.extend_from_slice(b"Exif\0\0");
    segment.extend_from_slice(&tiff);
    segment
}

/// Drop the chunks that carry metadata: eXIf, and text chunks (where XMP lives).
fn strip_png(bytes: &[u8]) -> Result<Vec<u8>, Unreadable> {
    let mut out = bytes[..8].to_vec();
    let mut pos = 8;
    while pos < bytes.len() {
        let header = bytes.get(pos..pos + 8).ok_or(Unreadable)?;
        let length = u32::from_be_bytes([header[0], header[1], header[2], header[3]]) as usize;
        let end = pos.checked_add(12 + length).filter(|e| *e <= bytes.len()).ok_or(Unreadable)?;
        let kind = &header[4..8];
        if !matches!(kind, b"eXIf" | b"tEXt" | b"zTXt" | b"iTXt") {
            out.extend_from_slice(&bytes[pos..end]);
        }
        pos = end;
        if kind == b"IEND" {
            break;
        }
    }
    Ok(out)
}

/// Drop EXIF and XMP chunks and clear their flags in the extended header.
fn strip_webp(bytes: &[u8]) -> Result<Vec<u8>, Unreadable> {
    let mut body = b"WEBP".to_vec();
    let mut pos = 12;
    while pos + 8 <= bytes.len() {
        let fourcc = &bytes[pos..pos + 4];
        let size = u32::from_le_bytes([bytes[pos + 4], bytes[pos + 5], bytes[pos + 6], bytes[pos + 7]]) as usize;
        let end = pos.checked_add(8 + size + (size & 1)).ok_or(Unreadable)?.min(bytes.len());
        if pos + 8 + size > bytes.len() {
            return Err(Unreadable);
        }
        match fourcc {
            b"EXIF" | b"XMP " => {}
            b"VP8X" => {
                let mut chunk = bytes[pos..end].to_vec();
                if let Some(flags) = chunk.get_mut(8) {
                    *flags &= !(0x08 | 0x04);
                }
                body.extend_from_slice(&chunk);
            }
            _ => body.extend_from_slice(&bytes[pos..end]),
        }
        pos = end;
    }
    let mut out = b"RIFF".to_vec();
    out.extend_from_slice(&u32::try_from(body.len()).map_err(|_| Unreadable)?.to_le_bytes());
    out.extend_from_slice(&body);
    Ok(out)
}

/// Drop application extensions that carry XMP.
fn strip_gif(bytes: &[u8]) -> Result<Vec<u8>, Unreadable> {
    let flags = *bytes.get(10).ok_or(Unreadable)?;
    let mut pos = 13;
    if flags & 0x80 != 0 {
        pos += 3 << ((flags & 0x07) + 1);
    }
    let mut out = bytes.get(..pos).ok_or(Unreadable)?.to_vec();
    // Skip a run of sub-blocks starting at `at`; returns the position after the terminator.
    let skip_blocks = |mut at: usize| -> Result<usize, Unreadable> {
        loop {
            let size = usize::from(*bytes.get(at).ok_or(Unreadable)?);
            at += 1 + size;
            if size == 0 {
                return Ok(at);
            }
        }
    };
    loop {
        match bytes.get(pos).copied().ok_or(Unreadable)? {
            0x3B => {
                out.push(0x3B);
                return Ok(out);
            }
            0x21 => {
                let label = *bytes.get(pos + 1).ok_or(Unreadable)?;
                let end = skip_blocks(pos + 2)?;
                let is_xmp = label == 0xFF && bytes.get(pos + 3..pos + 14) == Some(b"XMP DataXMP".as_slice());
                if !is_xmp {
                    out.extend_from_slice(bytes.get(pos..end).ok_or(Unreadable)?);
                }
                pos = end;
            }
            0x2C => {
                let descriptor = bytes.get(pos..pos + 10).ok_or(Unreadable)?;
                let mut at = pos + 10;
                if descriptor[9] & 0x80 != 0 {
                    at += 3 << ((descriptor[9] & 0x07) + 1);
                }
                let end = skip_blocks(at + 1)?;
                out.extend_from_slice(bytes.get(pos..end).ok_or(Unreadable)?);
                pos = end;
            }
            _ => return Err(Unreadable),
        }
    }
}

#[cfg(test)]
pub mod tests {
    use super::*;

    /// A real JPEG with an EXIF block holding an orientation and a GPS position.
    pub fn jpeg_with_gps(orientation: u16) -> Vec<u8> {
        let picture = DynamicImage::ImageRgb8(image::RgbImage::from_pixel(40, 20, image::Rgb([200, 30, 30])));
        let mut plain = Vec::new();
        picture.write_to(&mut Cursor::new(&mut plain), ImageFormat::Jpeg).unwrap();
        insert_exif(&plain, &exif_with_gps(orientation))
    }

    /// EXIF (big-endian): IFD0 with Orientation and a GPS pointer; GPS IFD with a latitude.
    pub fn exif_with_gps(orientation: u16) -> Vec<u8> {
        let mut t = b"MM\0\x2a\0\0\0\x08".to_vec();
        t.extend_from_slice(&2u16.to_be_bytes());
        t.extend_from_slice(&[0x01, 0x12, 0, 3, 0, 0, 0, 1]);
        t.extend_from_slice(&orientation.to_be_bytes());
        t.extend_from_slice(&[0, 0]);
        t.extend_from_slice(&[0x88, 0x25, 0, 4, 0, 0, 0, 1, 0, 0, 0, 38]); // GPSInfo -> offset 38
        t.extend_from_slice(&0u32.to_be_bytes());
        // GPS IFD at 38: GPSLatitudeRef = 'N', GPSLatitude rational x3 at offset 68.
        t.extend_from_slice(&2u16.to_be_bytes());
        t.extend_from_slice(&[0, 1, 0, 2, 0, 0, 0, 2, b'N', 0, 0, 0]);
        t.extend_from_slice(&[0, 2, 0, 5, 0, 0, 0, 3, 0, 0, 0, 68]);
        t.extend_from_slice(&0u32.to_be_bytes());
        for (n, d) in [(48u32, 1u32), (51, 1), (2_400, 100)] {
            t.extend_from_slice(&n.to_be_bytes());
            t.extend_from_slice(&d.to_be_bytes());
        }
        let mut payload = b"Exif\0\0".to_vec();
        payload.extend_from_slice(&t);
        payload
    }

    fn insert_exif(jpeg: &[u8], payload: &[u8]) -> Vec<u8> {
        let mut out = jpeg[..2].to_vec();
        out.extend_from_slice(&[0xFF, 0xE1]);
        out.extend_from_slice(&u16::try_from(payload.len() + 2).unwrap().to_be_bytes());
        out.extend_from_slice(payload);
        out.extend_from_slice(&jpeg[2..]);
        out
    }

    pub fn has_gps(bytes: &[u8]) -> bool {
        bytes.windows(2).any(|w| w == [0x88, 0x25]) && bytes.windows(4).any(|w| w == b"Exif")
    }

    #[test]
    fn sniffs_by_content() {
        assert_eq!(Kind::sniff(&jpeg_with_gps(1)), Some(Kind::Jpeg));
        assert_eq!(Kind::sniff(b"GIF89a......"), Some(Kind::Gif));
        assert_eq!(Kind::sniff(b"RIFF\0\0\0\0WEBPVP8 "), Some(Kind::Webp));
        assert_eq!(Kind::sniff(b"%PDF-1.7"), None);
        assert_eq!(Kind::sniff(b""), None);
    }

    #[test]
    fn jpeg_loses_its_location_and_keeps_its_orientation() {
        let upload = jpeg_with_gps(6);
        assert!(has_gps(&upload));
        let processed = process(&upload).unwrap();
        assert!(!has_gps(&processed.full), "GPS must be gone");
        assert!(!processed.full.windows(3).any(|w| w == b"\0\0N"));
        let app1 = processed.full.windows(6).position(|w| w == b"Exif\0\0").expect("orientation kept");
        assert_eq!(exif_orientation(&processed.full[app1..]), Some(6));
        // Still a picture, and the thumbnail is turned upright (40x20 rotated: 20x40).
        let small = image::load_from_memory(&processed.thumbnail).unwrap();
        assert_eq!((small.width(), small.height()), (20, 40));
        image::load_from_memory(&processed.full).unwrap();
    }

    #[test]
    fn png_text_and_exif_chunks_are_dropped() {
        let picture = DynamicImage::ImageRgba8(image::RgbaImage::from_pixel(8, 8, image::Rgba([0, 0, 255, 128])));
        let mut png = Vec::new();
        picture.write_to(&mut Cursor::new(&mut png), ImageFormat::Png).unwrap();
        // Insert an eXIf chunk before IEND.
        let exif = exif_with_gps(1)[6..].to_vec();
        let iend = png.len() - 12;
        let mut chunk = (exif.len() as u32).to_be_bytes().to_vec();
        chunk.extend_from_slice(b"eXIf");
        chunk.extend_from_slice(&exif);
        chunk.extend_from_slice(&[0, 0, 0, 0]);
        png.splice(iend..iend, chunk);
        let processed = process(&png).unwrap();
        assert!(!processed.full.windows(4).any(|w| w == b"eXIf"));
        image::load_from_memory(&processed.full).unwrap();
    }

    #[test]
    fn gif_and_webp_come_through() {
        let picture = DynamicImage::ImageRgba8(image::RgbaImage::from_pixel(5, 5, image::Rgba([9, 9, 9, 255])));
        for format in [ImageFormat::Gif, ImageFormat::WebP] {
            let mut bytes = Vec::new();
            picture.write_to(&mut Cursor::new(&mut bytes), format).unwrap();
            let processed = process(&bytes).unwrap();
            image::load_from_memory(&processed.full).unwrap();
        }
    }

    #[test]
    fn fakes_and_garbage_are_unreadable_never_a_panic() {
        assert!(process(b"\xFF\xD8\xFF\xE0 this is not a jpeg").is_err());
        assert!(process(b"\x89PNG\r\n\x1a\n\0\0\0\x0dIHDR").is_err());
        assert!(process(b"GIF89a").is_err());
        assert!(process(b"RIFF\x04\0\0\0WEBP").is_err());
        assert!(process(b"hello").is_err());
        let mut truncated = jpeg_with_gps(1);
        truncated.truncate(truncated.len() / 2);
        assert!(process(&truncated).is_err());
    }
}
