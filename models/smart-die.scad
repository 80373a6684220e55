// Foreman smart die: a 40 mm d6 shell for a Seeed XIAO RP2040 (21 x 17.5 mm), an
// Adafruit LIS3DH breakout (25.4 x 17.8 mm) and a 402030 LiPo cell (4 x 20 x 30 mm).
// Two halves that close with a lip; pips are engraved (fill them with paint).
// Render: openscad -o smart-die-bottom.stl -D 'part="bottom"' smart-die.scad
//         openscad -o smart-die-top.stl    -D 'part="top"'    smart-die.scad

part = "both";           // "bottom", "top" or "both"
size = 40;               // edge of the die
wall = 2.4;              // shell thickness
round_r = 4;             // edge rounding
lip = 1.6;               // height of the locating lip
clearance = 0.25;        // fit between the halves
pip_d = 5.5;             // pip diameter
pip_depth = 1.0;

// What goes inside (x, y, z), stacked: battery at the bottom, then the two boards.
battery = [30, 20, 4.5];
accel   = [25.4, 17.8, 3.2];
board   = [21, 17.5, 4.5];
usb_slot = [10, 4];      // opening for the XIAO's USB-C (charging and data)

$fn = 32;

module rounded_cube(s, r) {
    hull() for (x = [r, s - r], y = [r, s - r], z = [r, s - r])
        translate([x, y, z]) sphere(r = r);
}

// Pip positions on a face, in face coordinates centred on 0.
function pips(n) =
    let(o = size / 4)
    n == 1 ? [[0, 0]] :
    n == 2 ? [[-o, -o], [o, o]] :
    n == 3 ? [[-o, -o], [0, 0], [o, o]] :
    n == 4 ? [[-o, -o], [o, -o], [-o, o], [o, o]] :
    n == 5 ? [[-o, -o], [o, -o], [-o, o], [o, o], [0, 0]] :
             [[-o, -o], [o, -o], [-o, 0], [o, 0], [-o, o], [o, o]];

// Faces as in the firmware's default calibration: 1 on +Z, 6 on -Z, 2 on +Y, 5 on -Y,
// 3 on +X, 4 on -X (opposite faces add to 7).
module face_pips(n, rot) {
    translate([size / 2, size / 2, size / 2]) rotate(rot)
        translate([0, 0, size / 2 - pip_depth])
            for (p = pips(n)) translate([p[0], p[1], 0]) cylinder(d = pip_d, h = pip_depth + 1);
}

module shell() {
    difference() {
        rounded_cube(size, round_r);
        translate([wall, wall, wall]) cube(size - 2 * wall);
        face_pips(1, [0, 0, 0]);
        face_pips(6, [180, 0, 0]);
        face_pips(2, [-90, 0, 0]);
        face_pips(5, [90, 0, 0]);
        face_pips(3, [0, 90, 0]);
        face_pips(4, [0, -90, 0]);
        // USB-C opening on the 4 side, level with the board.
        translate([-1, size / 2 - usb_slot[0] / 2, wall + battery[2] + accel[2] + 2])
            cube([wall + 2, usb_slot[0], usb_slot[1]]);
    }
}

// Cradle that holds the stack square to the faces (the firmware reads the die's axes).
module cradle() {
    inner = size - 2 * wall;
    translate([wall, wall, wall]) difference() {
        cube([inner, inner, battery[2] + accel[2] + 1.5]);
        translate([(inner - battery[0]) / 2, (inner - battery[1]) / 2, -0.01]) cube(battery + [0, 0, 0.02]);
        translate([(inner - accel[0]) / 2, (inner - accel[1]) / 2, battery[2] + 0.8]) cube(accel + [0, 0, 1]);
        // Wire channel between the cells and the boards.
        translate([inner / 2 - 2, -0.01, 0]) cube([4, inner + 0.02, battery[2] + accel[2] + 2]);
    }
}

cut = size / 2;

module bottom() {
    union() {
        intersection() { shell(); cube([size, size, cut]); }
        // Lip that locates the top half.
        translate([wall, wall, cut - 0.01]) difference() {
            cube([size - 2 * wall, size - 2 * wall, lip]);
            translate([1.2, 1.2, -0.01]) cube([size - 2 * wall - 2.4, size - 2 * wall - 2.4, lip + 0.02]);
        }
        cradle();
    }
}

module top() {
    difference() {
        intersection() { shell(); translate([0, 0, cut]) cube([size, size, cut]); }
        translate([wall - clearance, wall - clearance, cut - 0.01])
            cube([size - 2 * wall + 2 * clearance, size - 2 * wall + 2 * clearance, lip + clearance]);
    }
}

if (part == "bottom") bottom();
else if (part == "top") translate([0, 0, size]) rotate([180, 0, 0]) top();
else { bottom(); translate([size + 10, 0, size]) rotate([180, 0, 0]) top(); }
