//! Colours and the theme read from `[render]` in the configuration.

use dama_core::config::RenderConfig;

use super::RenderError;

/// An sRGB colour.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Rgb(pub [u8; 3]);

impl Rgb {
    /// Reads `#rrggbb` (either case).
    #[must_use]
    pub fn parse(text: &str) -> Option<Rgb> {
        let hex = text.trim().strip_prefix('#')?;
        if hex.len() != 6 || !hex.bytes().all(|b| b.is_ascii_hexdigit()) {
            return None;
        }
        let channel = |i: usize| u8::from_str_radix(&hex[i..i + 2], 16).ok();
        Some(Rgb([channel(0)?, channel(2)?, channel(4)?]))
    }

    /// The channels as floats (0 to 255).
    #[must_use]
    pub fn to_f32(self) -> [f32; 3] {
        self.0.map(f32::from)
    }

    /// The nearest colour to float channels (clamped to 0 to 255).
    #[must_use]
    pub fn from_f32(c: [f32; 3]) -> Rgb {
        // Adding one half and truncating rounds (the values are not negative after the
        // clamp), without a call to `round` per channel.
        Rgb(c.map(|v| (v.clamp(0.0, 255.0) + 0.5) as u8))
    }

    /// `self` moved towards `other` by `t` (0 = self, 1 = other).
    #[must_use]
    pub fn mix(self, other: Rgb, t: f32) -> Rgb {
        Rgb::from_f32(mix(self.to_f32(), other.to_f32(), t))
    }

    /// Relative luminance in 0..=1 (sRGB weights on the encoded values; enough to choose a
    /// contrasting ink).
    #[must_use]
    pub fn luminance(self) -> f32 {
        let [r, g, b] = self.to_f32();
        (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255.0
    }
}

/// `#rrggbb`, lowercase: what [`Rgb::parse`] reads.
impl std::fmt::Display for Rgb {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let [red, green, blue] = self.0;
        write!(f, "#{red:02x}{green:02x}{blue:02x}")
    }
}

/// Linear interpolation of two colours given as floats.
pub fn mix(a: [f32; 3], b: [f32; 3], t: f32) -> [f32; 3] {
    [
        a[0] + (b[0] - a[0]) * t,
        a[1] + (b[1] - a[1]) * t,
        a[2] + (b[2] - a[2]) * t,
    ]
}

/// The colours every image is drawn with.
#[derive(Debug, Clone, Copy)]
pub struct Theme {
    pub light_square: Rgb,
    pub dark_square: Rgb,
    pub border: Rgb,
    pub white_piece: Rgb,
    pub black_piece: Rgb,
    pub highlight: Rgb,
    pub last_move: Rgb,
    pub must_capture: Rgb,
    pub crown: Rgb,
}

impl Theme {
    /// Reads every colour; a bad one is an error naming its key.
    pub fn from_config(config: &RenderConfig) -> Result<Theme, RenderError> {
        let colour = |key: &'static str, value: &str| {
            Rgb::parse(value).ok_or_else(|| RenderError::Colour {
                key,
                value: value.to_owned(),
            })
        };
        Ok(Theme {
            light_square: colour("light_square", &config.light_square)?,
            dark_square: colour("dark_square", &config.dark_square)?,
            border: colour("border", &config.border)?,
            white_piece: colour("white_piece", &config.white_piece)?,
            black_piece: colour("black_piece", &config.black_piece)?,
            highlight: colour("highlight", &config.highlight)?,
            last_move: colour("last_move", &config.last_move)?,
            must_capture: colour("must_capture", &config.must_capture)?,
            crown: colour("crown", &config.crown)?,
        })
    }

    /// A dark square of the last move: the dark square tinted with the highlight colour.
    #[must_use]
    pub fn highlighted_square(&self) -> Rgb {
        self.dark_square.mix(self.highlight, 0.7)
    }

    /// Text on the border and in the caption strip.
    #[must_use]
    pub fn border_ink(&self) -> Rgb {
        if self.border.luminance() < 0.5 {
            self.light_square.mix(Rgb([255, 255, 255]), 0.3)
        } else {
            self.dark_square.mix(Rgb([0, 0, 0]), 0.3)
        }
    }

    /// The square numbers on a ground: a contrasting colour and its opacity.
    #[must_use]
    pub fn number_ink(ground: Rgb) -> (Rgb, f32) {
        if ground.luminance() < 0.55 {
            (Rgb([255, 255, 255]), 0.62)
        } else {
            (Rgb([0, 0, 0]), 0.5)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_hex_colours() {
        assert_eq!(Rgb::parse("#f0d9B5"), Some(Rgb([0xf0, 0xd9, 0xb5])));
        assert_eq!(Rgb::parse(" #000000 "), Some(Rgb([0, 0, 0])));
        assert_eq!(Rgb([0xf0, 0xd9, 0x05]).to_string(), "#f0d905");
        for bad in [
            "f0d9b5", "#f0d9b", "#f0d9b5a", "#g0d9b5", "", "#", "#+1+2+3",
        ] {
            assert_eq!(Rgb::parse(bad), None, "{bad}");
        }
    }

    #[test]
    fn a_bad_colour_names_its_key() {
        let config = RenderConfig {
            dark_square: "green".into(),
            ..RenderConfig::default()
        };
        let error = Theme::from_config(&config).unwrap_err().to_string();
        assert!(error.contains("render.dark_square"), "{error}");
        assert!(error.contains("green"), "{error}");
    }

    #[test]
    fn the_default_theme_parses() {
        Theme::from_config(&RenderConfig::default()).unwrap();
    }
}
