#!/bin/sh
# Chromium raises its browser, IO and compositor threads to nice -8 when it may, and as root (CI)
# it may: they then took the CPU from the vitest workers beside them, 6 to 1, and the renderer's
# test files ran eight times slower (decision 0363). Started without CAP_SYS_NICE, Chromium keeps
# the priority everything else has.
exec setpriv --bounding-set=-sys_nice --inh-caps=-sys_nice -- "$BALCAO_CHROMIUM" "$@"
