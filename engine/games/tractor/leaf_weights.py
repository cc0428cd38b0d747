"""Tractor's leaf evaluation: ``bench/train_leaf.py --deals 12000 --write`` wrote it.

Do not edit: refit instead. Each stretch: first and last tricks done, the residual
deviation (card points), one weight per ``engine.games.tractor.leaf.FEATURES`` in order."""

STRETCHES: tuple[tuple[int, int, float, tuple[float, ...]], ...] = (
    (
        0,
        2,
        24.354,
        (
            3.496444,  # one
            0.385639,  # defenders' points taken
            0.633361,  # kitty points
            0.302779,  # points in hands
            0.067855,  # cards left a hand
            5.672975,  # defenders lead
            0.117967,  # declarers' points
            -2.213222,  # declarers' trumps
            1.553913,  # declarers' high trumps
            -1.587868,  # declarers' trump pairs
            -3.775784,  # declarers' side aces
            -0.099284,  # declarers' side ace pairs
            -1.509834,  # declarers' side kings
            -1.647782,  # declarers' side pairs
            -10.447722,  # declarers' voids
            0.184812,  # defenders' points
            2.135164,  # defenders' trumps
            -0.386953,  # defenders' high trumps
            0.093442,  # defenders' trump pairs
            2.016176,  # defenders' side aces
            0.630626,  # defenders' side ace pairs
            4.267521,  # defenders' side kings
            1.265454,  # defenders' side pairs
            3.763891,  # defenders' voids
            -0.340667,  # points in hands × defenders' share of trumps
            0.399384,  # points in hands × defenders' share of high trumps
            0.088473,  # points in hands × defenders' share of side aces and kings
            -0.055495,  # points in hands × defenders lead
            2.051291,  # kitty points × defenders' share of trumps
            -2.046846,  # kitty points × defenders' share of high trumps
            0.0,  # kitty points × defenders hold more trumps
            -0.096986,  # defenders' points in hand × defenders' share of trumps
            -0.243681,  # declarers' points in hand × defenders' share of trumps
            20.074973,  # trumps the defenders hold more, a card left
            -22.040331,  # high trumps the defenders hold more, a card left
            -0.630409,  # defenders' points taken × defenders' share of trumps
        ),
    ),
    (
        3,
        5,
        22.565,
        (
            4.610618,  # one
            0.190352,  # defenders' points taken
            0.611404,  # kitty points
            0.33571,  # points in hands
            0.078153,  # cards left a hand
            8.0326,  # defenders lead
            0.144716,  # declarers' points
            -1.253453,  # declarers' trumps
            -0.176703,  # declarers' high trumps
            -1.35384,  # declarers' trump pairs
            -5.723844,  # declarers' side aces
            1.637765,  # declarers' side ace pairs
            -2.605134,  # declarers' side kings
            -1.411778,  # declarers' side pairs
            -6.228145,  # declarers' voids
            0.190994,  # defenders' points
            0.855137,  # defenders' trumps
            1.060325,  # defenders' high trumps
            0.321768,  # defenders' trump pairs
            3.221698,  # defenders' side aces
            -0.713751,  # defenders' side ace pairs
            3.666294,  # defenders' side kings
            1.910281,  # defenders' side pairs
            3.332869,  # defenders' voids
            -0.158088,  # points in hands × defenders' share of trumps
            0.164613,  # points in hands × defenders' share of high trumps
            0.031408,  # points in hands × defenders' share of side aces and kings
            -0.076608,  # points in hands × defenders lead
            1.46208,  # kitty points × defenders' share of trumps
            0.305702,  # kitty points × defenders' share of high trumps
            0.0,  # kitty points × defenders hold more trumps
            0.028386,  # defenders' points in hand × defenders' share of trumps
            -0.186473,  # declarers' points in hand × defenders' share of trumps
            26.575159,  # trumps the defenders hold more, a card left
            -16.76892,  # high trumps the defenders hold more, a card left
            -0.3106,  # defenders' points taken × defenders' share of trumps
        ),
    ),
    (
        6,
        8,
        20.023,
        (
            1.351123,  # one
            0.160454,  # defenders' points taken
            1.145502,  # kitty points
            0.318237,  # points in hands
            0.171639,  # cards left a hand
            3.366474,  # defenders lead
            0.15932,  # declarers' points
            -1.760155,  # declarers' trumps
            -0.525592,  # declarers' high trumps
            -1.578489,  # declarers' trump pairs
            -6.499588,  # declarers' side aces
            1.623105,  # declarers' side ace pairs
            -2.965279,  # declarers' side kings
            -1.301032,  # declarers' side pairs
            -3.63157,  # declarers' voids
            0.158917,  # defenders' points
            1.528017,  # defenders' trumps
            0.96034,  # defenders' high trumps
            0.247311,  # defenders' trump pairs
            4.360185,  # defenders' side aces
            -1.571575,  # defenders' side ace pairs
            3.781228,  # defenders' side kings
            1.992775,  # defenders' side pairs
            3.091523,  # defenders' voids
            -0.061599,  # points in hands × defenders' share of trumps
            0.134258,  # points in hands × defenders' share of high trumps
            -0.044266,  # points in hands × defenders' share of side aces and kings
            -0.028394,  # points in hands × defenders lead
            0.572751,  # kitty points × defenders' share of trumps
            0.572751,  # kitty points × defenders' share of high trumps
            0.0,  # kitty points × defenders hold more trumps
            0.136592,  # defenders' points in hand × defenders' share of trumps
            -0.198192,  # declarers' points in hand × defenders' share of trumps
            7.075226,  # trumps the defenders hold more, a card left
            -4.937828,  # high trumps the defenders hold more, a card left
            -0.306427,  # defenders' points taken × defenders' share of trumps
        ),
    ),
    (
        9,
        11,
        16.619,
        (
            -0.055293,  # one
            0.132072,  # defenders' points taken
            2.008651,  # kitty points
            0.227273,  # points in hands
            0.243031,  # cards left a hand
            2.130708,  # defenders lead
            0.117446,  # declarers' points
            -1.681259,  # declarers' trumps
            -0.272348,  # declarers' high trumps
            -1.693727,  # declarers' trump pairs
            -5.555007,  # declarers' side aces
            0.985364,  # declarers' side ace pairs
            -2.383426,  # declarers' side kings
            -1.065209,  # declarers' side pairs
            -1.938391,  # declarers' voids
            0.109827,  # defenders' points
            1.569708,  # defenders' trumps
            0.729601,  # defenders' high trumps
            0.1861,  # defenders' trump pairs
            4.319733,  # defenders' side aces
            -1.419606,  # defenders' side ace pairs
            3.246984,  # defenders' side kings
            2.084229,  # defenders' side pairs
            1.647887,  # defenders' voids
            0.064047,  # points in hands × defenders' share of trumps
            0.122659,  # points in hands × defenders' share of high trumps
            0.004488,  # points in hands × defenders' share of side aces and kings
            -0.023877,  # points in hands × defenders lead
            1.004325,  # kitty points × defenders' share of trumps
            1.004325,  # kitty points × defenders' share of high trumps
            0.0,  # kitty points × defenders hold more trumps
            0.190175,  # defenders' points in hand × defenders' share of trumps
            -0.126128,  # declarers' points in hand × defenders' share of trumps
            1.827012,  # trumps the defenders hold more, a card left
            1.873137,  # high trumps the defenders hold more, a card left
            -0.253914,  # defenders' points taken × defenders' share of trumps
        ),
    ),
    (
        12,
        14,
        12.658,
        (
            0.21449,  # one
            0.099304,  # defenders' points taken
            0.0,  # kitty points
            0.036822,  # points in hands
            0.292583,  # cards left a hand
            1.814276,  # defenders lead
            0.075089,  # declarers' points
            -1.175275,  # declarers' trumps
            -0.379302,  # declarers' high trumps
            -1.625964,  # declarers' trump pairs
            -3.673599,  # declarers' side aces
            0.871289,  # declarers' side ace pairs
            -1.514993,  # declarers' side kings
            -1.027767,  # declarers' side pairs
            -1.11701,  # declarers' voids
            -0.038267,  # defenders' points
            1.141212,  # defenders' trumps
            0.546792,  # defenders' high trumps
            0.371222,  # defenders' trump pairs
            3.442003,  # defenders' side aces
            0.142946,  # defenders' side ace pairs
            2.521017,  # defenders' side kings
            1.828103,  # defenders' side pairs
            0.958841,  # defenders' voids
            0.308359,  # points in hands × defenders' share of trumps
            0.12193,  # points in hands × defenders' share of high trumps
            0.165765,  # points in hands × defenders' share of side aces and kings
            -0.005731,  # points in hands × defenders lead
            0.0,  # kitty points × defenders' share of trumps
            0.0,  # kitty points × defenders' share of high trumps
            0.0,  # kitty points × defenders hold more trumps
            0.361013,  # defenders' points in hand × defenders' share of trumps
            -0.052655,  # declarers' points in hand × defenders' share of trumps
            0.281236,  # trumps the defenders hold more, a card left
            1.787623,  # high trumps the defenders hold more, a card left
            -0.214331,  # defenders' points taken × defenders' share of trumps
        ),
    ),
    (
        15,
        17,
        9.003,
        (
            0.24769,  # one
            0.043629,  # defenders' points taken
            0.0,  # kitty points
            -0.247981,  # points in hands
            0.391364,  # cards left a hand
            1.014435,  # defenders lead
            -0.081906,  # declarers' points
            -0.623157,  # declarers' trumps
            -0.191143,  # declarers' high trumps
            -1.038252,  # declarers' trump pairs
            -0.935422,  # declarers' side aces
            -1.887232,  # declarers' side ace pairs
            -0.212545,  # declarers' side kings
            -0.746491,  # declarers' side pairs
            -0.231473,  # declarers' voids
            -0.166075,  # defenders' points
            0.387843,  # defenders' trumps
            0.347005,  # defenders' high trumps
            0.52044,  # defenders' trump pairs
            1.77889,  # defenders' side aces
            1.388223,  # defenders' side ace pairs
            0.768842,  # defenders' side kings
            1.626623,  # defenders' side pairs
            0.260096,  # defenders' voids
            0.601072,  # points in hands × defenders' share of trumps
            0.205874,  # points in hands × defenders' share of high trumps
            0.477568,  # points in hands × defenders' share of side aces and kings
            0.025407,  # points in hands × defenders lead
            0.0,  # kitty points × defenders' share of trumps
            0.0,  # kitty points × defenders' share of high trumps
            0.0,  # kitty points × defenders hold more trumps
            0.370499,  # defenders' points in hand × defenders' share of trumps
            0.230573,  # declarers' points in hand × defenders' share of trumps
            0.003461,  # trumps the defenders hold more, a card left
            1.69321,  # high trumps the defenders hold more, a card left
            -0.108249,  # defenders' points taken × defenders' share of trumps
        ),
    ),
    (
        18,
        99,
        5.962,
        (
            0.08407,  # one
            -0.006796,  # defenders' points taken
            0.0,  # kitty points
            -0.345988,  # points in hands
            0.441784,  # cards left a hand
            0.237246,  # defenders lead
            -0.149281,  # declarers' points
            0.050855,  # declarers' trumps
            0.025924,  # declarers' high trumps
            -1.01282,  # declarers' trump pairs
            0.280412,  # declarers' side aces
            -0.101915,  # declarers' side ace pairs
            -2.142437,  # declarers' side kings
            -0.642575,  # declarers' side pairs
            0.493111,  # declarers' voids
            -0.196707,  # defenders' points
            -0.345172,  # defenders' trumps
            0.091901,  # defenders' high trumps
            0.062748,  # defenders' trump pairs
            1.742328,  # defenders' side aces
            1.834656,  # defenders' side ace pairs
            0.312809,  # defenders' side kings
            1.414734,  # defenders' side pairs
            -0.500242,  # defenders' voids
            0.574272,  # points in hands × defenders' share of trumps
            0.683782,  # points in hands × defenders' share of high trumps
            0.33853,  # points in hands × defenders' share of side aces and kings
            0.083398,  # points in hands × defenders lead
            0.0,  # kitty points × defenders' share of trumps
            0.0,  # kitty points × defenders' share of high trumps
            0.0,  # kitty points × defenders hold more trumps
            0.238422,  # defenders' points in hand × defenders' share of trumps
            0.33585,  # declarers' points in hand × defenders' share of trumps
            1.227495,  # trumps the defenders hold more, a card left
            0.790033,  # high trumps the defenders hold more, a card left
            0.007305,  # defenders' points taken × defenders' share of trumps
        ),
    ),
)
