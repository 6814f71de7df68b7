"""Soft sounds synthesised on first use (no audio files to ship); silent when there is no audio device."""

from __future__ import annotations

import math
from array import array

import pygame

RATE = 22050

#: name → (frequencies mixed, length in ms, volume 0…1, decay per second)
SPECS: dict[str, tuple[tuple[float, ...], float, float, float]] = {
    "place": ((392.0, 784.0), 90, 0.25, 28.0),
    "end": ((523.3, 659.3, 784.0), 600, 0.22, 5.0),
    "error": ((196.0,), 120, 0.18, 20.0),
}


def _tone(
    freqs: tuple[float, ...], ms: float, volume: float, decay: float, rate: int, channels: int
) -> bytes:
    count = int(rate * ms / 1000)
    samples = array("h")
    for i in range(count):
        t = i / rate
        envelope = math.exp(-decay * t) * min(1.0, i / 40)
        value = sum(math.sin(2 * math.pi * f * t) for f in freqs) / len(freqs)
        samples.extend([int(32767 * volume * envelope * value)] * channels)
    return samples.tobytes()


class Sounds:
    """`play("place")`, `play("end")`, `play("error")`; does nothing when disabled or unavailable."""

    def __init__(self, enabled: bool) -> None:
        self.enabled = enabled
        self._sounds: dict[str, pygame.mixer.Sound] = {}
        self._broken = False

    def _load(self, name: str) -> pygame.mixer.Sound | None:
        if name in self._sounds or self._broken:
            return self._sounds.get(name)
        try:
            if not pygame.mixer.get_init():
                pygame.mixer.init(frequency=RATE, size=-16, channels=1)
            init = pygame.mixer.get_init()
            if init is None or init[1] != -16:
                self._broken = True
                return None
            rate, _size, channels = init
            freqs, ms, volume, decay = SPECS[name]
            self._sounds[name] = pygame.mixer.Sound(buffer=_tone(freqs, ms, volume, decay, rate, channels))
        except pygame.error:
            self._broken = True
            return None
        return self._sounds[name]

    def play(self, name: str) -> None:
        if not self.enabled:
            return
        sound = self._load(name)
        if sound is not None:
            sound.play()
