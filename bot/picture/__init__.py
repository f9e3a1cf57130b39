"""The table picture: a PNG of the table drawn from the spectator's view, for the public table
message (Pillow; every card and shape drawn by code).

``scene.py`` describes what to draw, family-agnostic; ``allfours.py`` and ``kqj.py`` build a
scene from ``observe(state, None)``; ``draw.py`` renders it (``render``, ``alt_text``,
``summary_line``). Typical use::

    scene = allfours.scene_of(view, names, locale="en", clock=clock_label(30, "en"))
    if scene.fingerprint() != last_fingerprint:
        png = await loop.run_in_executor(pool, render, scene)
"""
