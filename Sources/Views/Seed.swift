import Layers
