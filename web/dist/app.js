// The Activity's page is built from web/src by esbuild; this stand-in only connects.
"use strict";
document.getElementById("board").textContent = "Dama";
