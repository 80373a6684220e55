// Foreman dice tray with an overhead webcam mount at a fixed height: the camera always sees
// the tray square-on and from the same distance, which keeps the pip counter's dice the same
// size in every frame. Prints in parts (tray, mast, arm) on a 220 mm bed.
// Render: openscad -o dice-tray.stl -D 'part="tray"' dice-tray.scad   (also "mast", "arm")

part = "all";            // "tray", "mast", "arm" or "all"
tray = [200, 150];       // inside of the tray
wall = 3;
floor_h = 2.5;
rim = 28;                // wall height: dice stay in
felt = 1.2;              // recess for a felt or foam liner (quieter, fewer bounces)
corner_r = 8;
camera_height = 320;     // lens above the tray floor
mast = [24, 24];
arm_len = tray[1] / 2 + 35;  // reaches the middle of the tray
camera_plate = [40, 40, 4];
camera_hole = 6.5;       // 1/4" tripod screw

$fn = 48;

module rounded_box(size, r, h) {
    hull() for (x = [r, size[0] - r], y = [r, size[1] - r]) translate([x, y, 0]) cylinder(r = r, h = h);
}

module tray_part() {
    outer = tray + [2 * wall, 2 * wall];
    difference() {
        rounded_box(outer, corner_r, floor_h + rim);
        translate([wall, wall, floor_h]) rounded_box(tray, corner_r - wall, rim + 1);
        translate([wall + 2, wall + 2, floor_h - felt]) rounded_box(tray - [4, 4], corner_r - wall - 2, felt + 0.01);
    }
    // Socket for the mast at the back edge.
    translate([outer[0] / 2 - mast[0] / 2 - wall, outer[1], 0]) difference() {
        cube([mast[0] + 2 * wall, mast[1] + 2 * wall, floor_h + rim]);
        translate([wall - 0.2, wall - 0.2, floor_h]) cube([mast[0] + 0.4, mast[1] + 0.4, rim + 1]);
    }
}

module mast_part() {
    // A square mast; its length sets the camera height (printed lying down, in one piece).
    h = camera_height - floor_h + 10;
    difference() {
        cube([mast[0], mast[1], h]);
        translate([mast[0] / 2, -1, h - 12]) rotate([-90, 0, 0]) cylinder(d = 4.2, h = mast[1] + 2);
    }
}

module arm_part() {
    // Sleeve over the mast top, an arm out over the tray, and the camera plate.
    sleeve = [mast[0] + 2 * wall + 0.4, mast[1] + 2 * wall + 0.4, 30];
    difference() {
        union() {
            cube(sleeve);
            translate([sleeve[0] / 2 - 8, -arm_len, sleeve[2] - 8]) cube([16, arm_len, 8]);
            translate([sleeve[0] / 2 - camera_plate[0] / 2, -arm_len - camera_plate[1] / 2, sleeve[2] - camera_plate[2]])
                cube(camera_plate);
        }
        translate([wall, wall, -0.01]) cube([mast[0] + 0.4, mast[1] + 0.4, sleeve[2] - 6]);
        translate([sleeve[0] / 2, -1, 18]) rotate([-90, 0, 0]) cylinder(d = 4.2, h = sleeve[1] + 2);
        translate([sleeve[0] / 2, -arm_len, sleeve[2] - camera_plate[2] - 1]) cylinder(d = camera_hole, h = camera_plate[2] + 2);
    }
}

if (part == "tray") tray_part();
else if (part == "mast") mast_part();
else if (part == "arm") arm_part();
else {
    tray_part();
    translate([tray[0] + 40, 0, 0]) mast_part();
    translate([tray[0] + 100, 150, 0]) arm_part();
}
