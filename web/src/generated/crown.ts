// Generated from crates/dama-render/src/crown.rs by `DAMA_BLESS=1 cargo test -p dama-web generated`: do not edit.

// The crown on a king, in units of the top face's radius from the face's centre, y
// downwards, as the PNG pieces draw it.

export type Point = readonly [number, number];

/** The outline: a foot, three points, and the dips between them. */
export const CROWN_OUTLINE: readonly Point[] = [[-0.56, 0.34], [-0.66, -0.3], [-0.3, -0.02], [-0.13, -0.42], [0, -0.52], [0.13, -0.42], [0.3, -0.02], [0.66, -0.3], [0.56, 0.34]];

/** The centres of the balls on the points. */
export const CROWN_BALLS: readonly Point[] = [[-0.66, -0.34], [0, -0.58], [0.66, -0.34]];

export const CROWN_BALL_RADIUS = 0.1;

/** The band at the foot. */
export const CROWN_BAND: readonly Point[] = [[-0.58, 0.28], [0.58, 0.28], [0.58, 0.5], [-0.58, 0.5]];
