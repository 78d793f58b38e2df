print("pureyaml")
